import { useState } from 'react';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { uploadDraftFrom } from '../../../../../common/rules/ai-draft';
import { useCreateItem } from '../api/items';
import { EMPTY_ITEM_FORM, ItemForm } from '../components/ItemForm';

/** SPEC §2 /upload: the aura item form for a new item. */
export default function UploadPage() {
  const { t } = useTranslation();
  const create = useCreateItem();
  // A draft the AI studio handed over (issue 13) fills title, description and tags.
  const location = useLocation();
  const [studioDraft] = useState(() => uploadDraftFrom(location.state));
  return (
    <main className="container py-4" style={{ maxWidth: 760 }}>
      <h1 className="h3">{t('upload.title')}</h1>
      <p className="text-muted">{t('upload.intro')}</p>
      {studioDraft && <Alert variant="info">{t('upload.fromStudio')}</Alert>}
      <ItemForm
        initial={studioDraft ? { ...EMPTY_ITEM_FORM, ...studioDraft } : EMPTY_ITEM_FORM}
        save={async (values) => (await create.mutateAsync(values)).id}
        isSaving={create.isPending}
        resetsAfterSave
        schedulable
        submitText={t('upload.submit')}
        submittingText={t('upload.submitting')}
      />
    </main>
  );
}
