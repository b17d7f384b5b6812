import { useTranslation } from 'react-i18next';
import {
  CREATOR_LINK_NETWORKS,
  isWebUrl,
  type CreatorLinkNetwork,
} from '../../../../../common/rules/creator-profile';

/**
 * SPEC §2 social links of the creator profile. Only http(s) addresses become links (the server
 * stores nothing else; a link is checked again here so no other scheme is ever clickable).
 */
export function ExternalLinks({
  links,
}: {
  links: Partial<Record<CreatorLinkNetwork, string | null>>;
}) {
  const { t } = useTranslation();
  const shown = CREATOR_LINK_NETWORKS.flatMap((network) => {
    const href = links[network];
    return href && isWebUrl(href) ? [{ network, href }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <ul
      className="list-inline mb-0"
      aria-label={t('creatorProfile.linksLabel')}
      data-testid="creator-links"
    >
      {shown.map(({ network, href }) => (
        <li key={network} className="list-inline-item">
          <a href={href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {t(`creatorProfile.links.${network}`)}
          </a>
        </li>
      ))}
    </ul>
  );
}
