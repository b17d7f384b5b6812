import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

interface LikeButtonProps {
  isLiked: boolean;
  count: number;
  isPending: boolean;
  onToggle(): void;
}

/** One like per person, toggled; the count shown is the server's answer, never a guess. */
export function LikeButton({ isLiked, count, isPending, onToggle }: LikeButtonProps) {
  const { t } = useTranslation();
  return (
    <Button
      size="sm"
      // outline-danger's red text is too faint on several themes; red fills only the liked state.
      variant={isLiked ? 'danger' : 'outline-secondary'}
      aria-pressed={isLiked}
      aria-label={isLiked ? t('discover.unlike') : t('discover.like')}
      disabled={isPending}
      onClick={onToggle}
      data-testid="like-button"
    >
      <span aria-hidden="true">{isLiked ? '♥' : '♡'}</span>{' '}
      <span data-testid="like-count">{t('discover.likes', { value: count })}</span>
    </Button>
  );
}
