import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CREATOR_LINK_NETWORKS,
  PROFILE_TEXT_MAX,
} from '../../../../../common/rules/creator-profile';
import type { SettingsForm, SettingsValues } from './settings-form';
import { SettingsTextField } from './SettingsTextField';

/**
 * SPEC §5: each non-empty link must be an absolute web address; a bad one is flagged with
 * 'invalidUrl' while it is typed (the form checks on every change with the server's schema).
 */
export function LinksFieldset({
  form,
}: {
  form: UseFormReturn<SettingsForm, unknown, SettingsValues>;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="mb-4">
      <legend className="h5">{t('creatorSettings.sections.links')}</legend>
      <p className="small aura-muted">{t('creatorSettings.linksHelp')}</p>
      <div className="row row-cols-1 row-cols-md-2">
        {CREATOR_LINK_NETWORKS.map((network) => (
          <div key={network} className="col">
            <SettingsTextField
              form={form}
              name={`links.${network}`}
              id={`settings-link-${network}`}
              label={t(`creatorProfile.links.${network}`)}
              type="url"
              inputMode="url"
              maxLength={PROFILE_TEXT_MAX.link}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
