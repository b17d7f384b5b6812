import { useTranslation } from 'react-i18next';
import { isCreatorProfileMessage } from '../../../../../common/rules/creator-profile';
import { isAccountSettingsMessage } from '../../../../../common/rules/personal-details';
import { RequestError } from '../../../shared/api/request';
import { useFormMessage } from '../../../shared/forms/form-messages';

/**
 * Translates a settings message: the creator profile and account settings keys (common/), the
 * SPEC §5 account keys, or the server's text as it came.
 */
export function useSettingsMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  const formMessage = useFormMessage();
  return (message) => {
    if (!message) return undefined;
    if (isCreatorProfileMessage(message)) return t(`creatorSettings.errors.${message}`);
    if (isAccountSettingsMessage(message)) return t(`accountSettings.errors.${message}`);
    return formMessage(message);
  };
}

/** The field a refusal named (`{ error, field }`), e.g. `links.twitter` or `galleryImages.3`. */
export function refusedField(error: unknown): string | null {
  if (!(error instanceof RequestError)) return null;
  const field = (error.body as { field?: unknown } | null)?.field;
  return typeof field === 'string' ? field : null;
}
