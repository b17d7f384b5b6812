import { useTranslation } from 'react-i18next';
import { OPERATOR_FIELDS } from '../../../../../common/schemas/site';
import { useSite } from '../api/site';

/**
 * /imprint: the operator's legal details, runtime settings of the server (OPERATOR_*, issue 10).
 * Until the operator sets any, the page says so plainly instead of showing placeholders.
 */
export default function ImprintPage() {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <main className="container py-5 aura-narrow">
      <h1>{t('legal.imprint.title')}</h1>
      <p className="lead">{t('legal.imprint.intro')}</p>
      {site.isPending ? (
        <p role="status">{t('app.loading')}</p>
      ) : site.isError ? (
        <div className="alert alert-danger" role="alert">
          {t('legal.imprint.loadError')}
        </div>
      ) : !site.data.isOperatorConfigured ? (
        <div className="alert alert-warning" role="status" data-testid="imprint-not-configured">
          {t('legal.imprint.notConfigured')}
        </div>
      ) : (
        <dl className="row" data-testid="imprint-details">
          {OPERATOR_FIELDS.map((field) => {
            const value = site.data.operator[field];
            return value ? (
              <div key={field} className="col-12 row mb-2">
                <dt className="col-sm-4">{t(`legal.imprint.fields.${field}`)}</dt>
                <dd className="col-sm-8 mb-0">
                  {field === 'email' ? <a href={`mailto:${value}`}>{value}</a> : value}
                </dd>
              </div>
            ) : null;
          })}
        </dl>
      )}
      <section className="mt-4" aria-labelledby="imprint-disputes">
        <h2 className="h4" id="imprint-disputes">
          {t('legal.imprint.disputes.title')}
        </h2>
        <p>{t('legal.imprint.disputes.body')}</p>
      </section>
      <section className="mt-4" aria-labelledby="imprint-liability">
        <h2 className="h4" id="imprint-liability">
          {t('legal.imprint.liability.title')}
        </h2>
        <p>{t('legal.imprint.liability.body')}</p>
      </section>
      <section className="mt-4" aria-labelledby="imprint-software">
        <h2 className="h4" id="imprint-software">
          {t('legal.imprint.software.title')}
        </h2>
        <p>{t('legal.imprint.software.body')}</p>
      </section>
    </main>
  );
}
