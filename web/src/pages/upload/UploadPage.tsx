import { useTranslation } from 'react-i18next';
import { useCreateItem } from '../../api/items';
import { EMPTY_ITEM_FORM, ItemForm } from './ItemForm';

/** SPEC §2 /upload: the aura item form for a new item. */
export default function UploadPage() {
  const { t } = useTranslation();
  const create = useCreateItem();
  return (
    <main className="container py-4" style={{ maxWidth: 760 }}>
      <h1 className="h3">{t('upload.title')}</h1>
      <p className="text-muted">{t('upload.intro')}</p>
      <ItemForm
        initial={EMPTY_ITEM_FORM}
        save={async (values) => (await create.mutateAsync(values)).id}
        isSaving={create.isPending}
        resetsAfterSave
        submitText={t('upload.submit')}
        submittingText={t('upload.submitting')}
      />
    </main>
  );
}
