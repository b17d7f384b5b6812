import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Date of the current wording of the privacy policy and the terms. */
const LAST_UPDATED = new Date(Date.UTC(2026, 10, 22));

export interface LegalSection {
  id: string;
  title: string;
  body: string;
}

/** A legal text: title, intro, date and numbered sections whose bodies split on blank lines. */
export function LegalDocument({
  title,
  intro,
  sections,
  children,
}: {
  title: string;
  intro: string;
  sections: LegalSection[];
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long' }).format(
    LAST_UPDATED,
  );
  return (
    <main className="container py-5 aura-narrow">
      <h1>{title}</h1>
      <p className="aura-muted">{t('legal.updated', { date })}</p>
      <p className="lead">{intro}</p>
      {children}
      {sections.map((section, index) => (
        <section key={section.id} aria-labelledby={`legal-${section.id}`} className="mt-4">
          <h2 className="h4" id={`legal-${section.id}`}>
            {index + 1}. {section.title}
          </h2>
          {section.body.split('\n\n').map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </main>
  );
}
