import { Button, Form } from 'react-bootstrap';
import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AURA_CARDS_MAX, PROFILE_TEXT_MAX } from '../../../../../common/rules/creator-profile';
import { ImageUploadField } from './ImageUploadField';
import { useSettingsMessage } from './settings-messages';
import { emptyCard, RARITIES, type SettingsForm, type SettingsValues } from './settings-form';
import { SettingsTextField } from './SettingsTextField';

/**
 * SPEC §3 aura cards, edited as a form per card (SPEC §5 has raw JSON that ignores mistakes;
 * here each field is checked by the server's schema and a refusal names the card and field).
 */
export function AuraCardsEditor({
  form,
  onBusyChange,
}: {
  form: UseFormReturn<SettingsForm, unknown, SettingsValues>;
  onBusyChange(id: string, isBusy: boolean): void;
}) {
  const { t } = useTranslation();
  const message = useSettingsMessage();
  // The cards have an `id` of their own: the list keeps its row keys under another name.
  const cards = useFieldArray({ control: form.control, name: 'auraCards', keyName: 'rowKey' });
  const listError = form.formState.errors.auraCards;

  return (
    <fieldset className="mb-4" data-testid="aura-cards-editor">
      <legend className="h5">{t('creatorSettings.sections.cards')}</legend>
      {cards.fields.length === 0 && <p className="aura-muted">{t('creatorSettings.noCards')}</p>}
      {cards.fields.map((card, index) => {
        const number = index + 1;
        const prefix = `settings-card-${card.rowKey}`;
        return (
          <fieldset
            key={card.rowKey}
            className="card card-body mb-3"
            data-testid="aura-card-editor"
          >
            <legend className="h6">{t('creatorSettings.cardLegend', { number })}</legend>
            <SettingsTextField
              form={form}
              name={`auraCards.${index}.title`}
              id={`${prefix}-title`}
              label={t('creatorSettings.cardTitle')}
              maxLength={PROFILE_TEXT_MAX.cardTitle}
            />
            <SettingsTextField
              form={form}
              name={`auraCards.${index}.description`}
              id={`${prefix}-description`}
              label={t('creatorSettings.cardDescription')}
              rows={2}
              maxLength={PROFILE_TEXT_MAX.cardDescription}
            />
            <Form.Group className="mb-3" controlId={`${prefix}-rarity`}>
              <Form.Label>{t('creatorSettings.cardRarity')}</Form.Label>
              <Form.Select {...form.register(`auraCards.${index}.rarity`)}>
                {RARITIES.map((rarity) => (
                  <option key={rarity} value={rarity}>
                    {t(`creatorProfile.rarity.${rarity}`)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Controller
              control={form.control}
              name={`auraCards.${index}.imageUrl`}
              render={({ field, fieldState }) => (
                <ImageUploadField
                  id={`card-${card.rowKey}`}
                  label={t('creatorSettings.cardImage', { number })}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBusyChange={onBusyChange}
                  previewAlt={t('creatorSettings.cardImageAlt', { number })}
                  previewStyle={{ maxHeight: 120 }}
                  error={message(fieldState.error?.message)}
                />
              )}
            />
            <div>
              <Button variant="outline-danger" size="sm" onClick={() => cards.remove(index)}>
                {t('creatorSettings.removeCard', { number })}
              </Button>
            </div>
          </fieldset>
        );
      })}
      {cards.fields.length < AURA_CARDS_MAX && (
        <Button variant="outline-primary" onClick={() => cards.append(emptyCard())}>
          {t('creatorSettings.addCard')}
        </Button>
      )}
      {listError?.root?.message && (
        <div className="invalid-feedback d-block" role="alert">
          {message(listError.root.message)}
        </div>
      )}
    </fieldset>
  );
}
