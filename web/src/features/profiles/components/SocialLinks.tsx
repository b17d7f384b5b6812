import { useTranslation } from 'react-i18next';
import type { SocialLinks as Links } from '../../../../../common/schemas/users';

const NETWORKS = ['website', 'instagram', 'twitter', 'youtube'] as const;

/** Only web addresses become links: a stored `javascript:` or other scheme is never clickable. */
function webAddress(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** SPEC §2 social links of the tier-based profile: website, Instagram, Twitter, YouTube. */
export function SocialLinks({ links }: { links: Links }) {
  const { t } = useTranslation();
  const shown = NETWORKS.flatMap((network) => {
    const href = webAddress(links[network]);
    return href ? [{ network, href }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <ul className="list-inline mb-0" aria-label={t('profile.socialLinks')}>
      {shown.map(({ network, href }) => (
        <li key={network} className="list-inline-item">
          <a href={href} target="_blank" rel="noopener noreferrer nofollow">
            {t(`profile.links.${network}`)}
          </a>
        </li>
      ))}
    </ul>
  );
}
