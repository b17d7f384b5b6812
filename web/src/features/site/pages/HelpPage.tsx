import Accordion from 'react-bootstrap/Accordion';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSite } from '../api/site';

const QUESTIONS = ['registration', 'upload', 'find', 'contact'] as const;

/** SPEC §2 /help: the FAQ, links to privacy and terms, and a contact button. */
export default function HelpPage() {
  const { t } = useTranslation();
  // The support address is a runtime setting (SUPPORT_EMAIL or OPERATOR_EMAIL, issue 10).
  const supportEmail = useSite().data?.supportEmail ?? null;
  return (
    <main className="container py-5 aura-narrow">
      <h1>{t('help.title')}</h1>
      <p className="lead">{t('help.intro')}</p>
      <Accordion className="my-4">
        {QUESTIONS.map((id) => (
          <Accordion.Item eventKey={id} key={id}>
            <Accordion.Header as="h2">{t(`help.faq.${id}.question`)}</Accordion.Header>
            <Accordion.Body>
              {t(`help.faq.${id}.answer`)
                .split('\n\n')
                .map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
            </Accordion.Body>
          </Accordion.Item>
        ))}
      </Accordion>
      <section className="card">
        <div className="card-body">
          <h2 className="h4">{t('help.contact.title')}</h2>
          <p>{t('help.contact.text')}</p>
          {supportEmail ? (
            <a className="btn btn-primary" href={`mailto:${supportEmail}`}>
              {t('help.contact.button')}
            </a>
          ) : (
            <p className="aura-muted mb-0" data-testid="support-not-configured">
              {t('help.contact.notConfigured')}
            </p>
          )}
        </div>
      </section>
      <p className="mt-4">
        {t('help.legal.before')} <Link to="/privacy-policy">{t('help.legal.privacy')}</Link>{' '}
        {t('help.legal.and')} <Link to="/terms-of-service">{t('help.legal.terms')}</Link>
        {t('help.legal.after')}
      </p>
    </main>
  );
}
