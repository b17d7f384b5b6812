import { Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RecentContentItem } from '../../../../../common/schemas/dashboard';

/** SPEC §2 recent content cards; each opens its product page. */
export function RecentContent({ items }: { items: RecentContentItem[] }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <section aria-labelledby="dashboard-recent">
      <h2 id="dashboard-recent" className="h5">
        {t('dashboard.recentContent')}
      </h2>
      {items.length === 0 ? (
        <p className="text-muted">
          {t('dashboard.noContent')} <Link to="/upload">{t('dashboard.publishFirst')}</Link>
        </p>
      ) : (
        <Row xs={1} sm={2} lg={3} className="g-3">
          {items.map((item) => (
            <Col key={item.id}>
              <Card className="h-100" data-testid="recent-content-card">
                {item.media_url && (
                  <Card.Img
                    variant="top"
                    src={item.media_url}
                    alt={item.title}
                    style={{ height: 160, objectFit: 'cover' }}
                    loading="lazy"
                  />
                )}
                <Card.Body>
                  <Card.Title as="h3" className="h6">
                    <Link to={`/product/${item.id}`} className="stretched-link">
                      {item.title}
                    </Link>
                  </Card.Title>
                  {item.subtitle && (
                    <Card.Text className="small text-muted">{item.subtitle}</Card.Text>
                  )}
                </Card.Body>
                <Card.Footer className="small text-muted d-flex justify-content-between">
                  <span>{t('dashboard.viewsCount', { value: number.format(item.views) })}</span>
                  <span>{t('dashboard.likesCount', { value: number.format(item.likes) })}</span>
                </Card.Footer>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </section>
  );
}
