import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Tier } from '../../../../../common/rules/tiers';
import { TierBadge } from '../../billing/components/TierBadge';
import { categoryLabel, subcategoryLabel } from './catalog-labels';

interface ItemFactsProps {
  item: {
    category: string;
    subcategory: string;
    tags: string[];
    explicitContent: boolean;
    tierRequired: Tier;
    isPurchased: boolean;
  };
  className?: string;
}

/** Category, tags, the explicit marker and, on a locked item, the membership that includes it. */
export function ItemFacts({ item, className = '' }: ItemFactsProps) {
  const { t } = useTranslation();
  return (
    <div className={`d-flex flex-wrap align-items-center gap-2 small ${className}`}>
      <span className="text-muted">
        {categoryLabel(t, item.category)} · {subcategoryLabel(t, item.category, item.subcategory)}
      </span>
      {item.explicitContent && (
        <Badge bg="danger" data-testid="explicit-badge">
          {t('discover.explicit')}
        </Badge>
      )}
      {!item.isPurchased && item.tierRequired !== 'Aura' && (
        <span className="d-inline-flex align-items-center gap-1">
          {t('discover.includedWith')} <TierBadge tier={item.tierRequired} />
        </span>
      )}
      {item.tags.map((tag) => (
        <Badge key={tag} bg="light" text="dark" className="border">
          #{tag}
        </Badge>
      ))}
    </div>
  );
}
