import { useTranslation } from 'react-i18next';
import { LegalDocument } from '../components/LegalDocument';

const SECTIONS = [
  'controller',
  'data',
  'purposes',
  'storage',
  'processors',
  'retention',
  'rights',
  'security',
  'changes',
] as const;

/** /privacy-policy and /privacy (SPEC §2). */
export default function PrivacyPolicyPage() {
  const { t } = useTranslation();
  return (
    <LegalDocument
      title={t('legal.privacy.title')}
      intro={t('legal.privacy.intro')}
      sections={SECTIONS.map((id) => ({
        id,
        title: t(`legal.privacy.sections.${id}.title`),
        body: t(`legal.privacy.sections.${id}.body`),
      }))}
    />
  );
}
