import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { PayoutSetting } from '../../../../../common/schemas/payouts';
import { useUpdateHubPayout } from '../api/hub';
import { PayoutForm } from '../../payouts/components/PayoutForm';

/** SPEC §2 payout edit dialog; saving stores on the server and closes, a refusal stays open. */
export function PayoutEditDialog({
  setting,
  onClose,
}: {
  setting: PayoutSetting;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateHubPayout();
  return (
    <Modal show onHide={onClose} centered aria-labelledby="payout-edit-title">
      <Modal.Header closeButton>
        <Modal.Title id="payout-edit-title">{t('masteraxis.payouts.editTitle')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <PayoutForm
          setting={setting}
          mode="hub"
          onCancel={onClose}
          onSave={async (body) => {
            await update.mutateAsync({ creatorId: setting.id, body });
            onClose();
          }}
        />
      </Modal.Body>
    </Modal>
  );
}
