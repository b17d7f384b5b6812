import { useTranslation } from 'react-i18next';
import { LegalDocument } from '../components/LegalDocument';

const SECTIONS = [
  'scope',
  'accounts',
  'content',
  'memberships',
  'purchases',
  'conduct',
  'moderation',
  'liability',
  'termination',
  'changes',
] as const;

/** /terms-of-service and /terms (SPEC §2). */
export default function TermsOfServicePage() {
  const { t } = useTranslation();
  return (
    <LegalDocument
      title={t('legal.terms.title')}
      intro={t('legal.terms.intro')}
      sections={SECTIONS.map((id) => ({
        id,
        title: t(`legal.terms.sections.${id}.title`),
        body: t(`legal.terms.sections.${id}.body`),
      }))}
    />
  );
}
