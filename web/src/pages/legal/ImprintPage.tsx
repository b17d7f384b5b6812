import { useTranslation } from 'react-i18next';
import { OPERATOR, type OperatorField } from './operator';

const FIELDS: readonly OperatorField[] = [
  'name',
  'address',
  'representative',
  'email',
  'phone',
  'register',
  'vatId',
];

/** /imprint: the operator's legal details, filled in by whoever runs this instance. */
export default function ImprintPage() {
  const { t } = useTranslation();
  return (
    <main className="container py-5 aura-narrow">
      <h1>{t('legal.imprint.title')}</h1>
      <p className="lead">{t('legal.imprint.intro')}</p>
      <dl className="row">
        {FIELDS.map((field) => (
          <div key={field} className="col-12 row mb-2">
            <dt className="col-sm-4">{t(`legal.imprint.fields.${field}`)}</dt>
            <dd className="col-sm-8 mb-0">
              {OPERATOR[field] || <em className="aura-muted">{t('legal.imprint.placeholder')}</em>}
            </dd>
          </div>
        ))}
      </dl>
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
