import { Alert, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { centsToDecimalString } from '../../../../../common/rules/money';
import type { ItemDetail } from '../../../../../common/schemas/items';
import { useUpdateItem } from '../api/item-management';
import { useItem } from '../api/items';
import { isNotFound } from '../../../shared/api/request';
import { ItemForm, type ItemFormInput } from '../components/ItemForm';

/** The stored item as the upload form holds it (the media as the owner's signed URLs). */
function formOf(item: ItemDetail): ItemFormInput {
  return {
    title: item.title,
    description: item.description,
    // A pay-what-you-want item's price field is its minimum (issue 43).
    price: centsToDecimalString(item.payWhatYouWant?.minPriceCents ?? item.priceCents),
    minPrice: item.payWhatYouWant ? centsToDecimalString(item.payWhatYouWant.minPriceCents) : null,
    suggestedPrice: item.payWhatYouWant
      ? centsToDecimalString(item.payWhatYouWant.suggestedPriceCents)
      : '',
    image: item.imageUrl ?? '',
    audio: item.audioUrl ?? '',
    video: item.videoUrl ?? '',
    status: item.status === 'unavailable' ? 'unavailable' : 'available',
    tags: item.tags,
    category: item.category,
    subcategory: item.subcategory,
    explicitContent: item.explicitContent,
    tierRequired: item.tierRequired,
  };
}

const parseId = (raw: string | undefined) => (raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null);

/** Issue 10: /upload/edit/{id} opens the upload form prefilled with the owner's item. */
export default function EditItemPage() {
  const { t } = useTranslation();
  const id = parseId(useParams().itemId);
  const item = useItem(id);
  return (
    <main className="container py-4" style={{ maxWidth: 760 }}>
      <h1 className="h3">{t('upload.editTitle')}</h1>
      {id === null || isNotFound(item.error) || (item.data && !item.data.abilities.canEdit) ? (
        <Alert variant="warning" role="alert">
          {t('upload.cannotEdit')} <Link to="/dashboard">{t('upload.backToDashboard')}</Link>
        </Alert>
      ) : item.isPending ? (
        <Spinner animation="border" role="status" aria-label={t('product.loading')} />
      ) : item.isError ? (
        <Alert variant="danger" role="alert">
          {t('product.loadError')}
        </Alert>
      ) : (
        <EditForm item={item.data} />
      )}
    </main>
  );
}

function EditForm({ item }: { item: ItemDetail }) {
  const { t } = useTranslation();
  const update = useUpdateItem(item.id);
  return (
    <>
      <p className="text-muted">{t('upload.editIntro')}</p>
      <ItemForm
        initial={formOf(item)}
        save={async (values) => (await update.mutateAsync(values)).id}
        isSaving={update.isPending}
        resetsAfterSave={false}
        submitText={t('upload.saveChanges')}
        submittingText={t('upload.saving')}
        // Issue 42: a scheduled item's form starts on its time, so a saved edit keeps the schedule.
        schedulable
        initialPublishAt={item.status === 'scheduled' ? item.publishAt : null}
        initialEarlyAccessUntil={item.earlyAccessUntil}
      />
    </>
  );
}
