import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PAYOUT_STATUSES } from '../../../../../common/rules/payouts';
import {
  PayoutSettingsUpdateRequest,
  type PayoutSetting,
  type PayoutSettingsForm,
} from '../../../../../common/schemas/payouts';
import { RequestError } from '../../../shared/api/request';
import { PaymentMethodField } from './PaymentMethodField';
import { usePayoutMessage } from './payout-messages';

const FORM_FIELDS = [
  'paymentMethod',
  'bankName',
  'accountNumber',
  'routingNumber',
  'currency',
  'status',
  'autoPayout',
] as const;
type FormField = (typeof FORM_FIELDS)[number];
const isFormField = (value: unknown): value is FormField =>
  typeof value === 'string' && (FORM_FIELDS as readonly string[]).includes(value);

/**
 * The payout edit form (SPEC §2 edit dialog), resolved with the server's own schema. `hub` shows
 * the creator read-only and the status select; `own` (a creator's settings page) leaves the
 * status to the admins. Account and routing numbers start empty: left empty they keep the
 * stored ones, which are never sent to the browser in full. A refused save keeps the input and
 * shows the server's reason under its field, or above the buttons.
 */
export function PayoutForm({
  setting,
  mode,
  onSave,
  onCancel,
}: {
  setting: PayoutSetting;
  mode: 'hub' | 'own';
  onSave: (body: PayoutSettingsUpdateRequest) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const message = usePayoutMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PayoutSettingsForm, unknown, PayoutSettingsUpdateRequest>({
    resolver: zodResolver(PayoutSettingsUpdateRequest),
    mode: 'onTouched',
    defaultValues: {
      paymentMethod: setting.paymentMethod,
      bankName: setting.bankName,
      accountNumber: '',
      routingNumber: '',
      currency: 'usd',
      status: setting.status,
      autoPayout: setting.autoPayout,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const errorOf = (field: FormField) => message(errors[field]?.message);

  const submit = async (values: PayoutSettingsUpdateRequest) => {
    setFailure(null);
    try {
      await onSave(values);
    } catch (error) {
      const body = error instanceof RequestError ? (error.body as { field?: unknown }) : null;
      const field = body?.field;
      if (
        error instanceof RequestError &&
        isFormField(field) &&
        (mode === 'hub' || field !== 'status')
      ) {
        form.setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
      } else {
        setFailure(message(error instanceof Error ? error.message : String(error)) ?? null);
      }
    }
  };

  const numberHint = (masked: string | null) =>
    masked
      ? t('payouts.keepNumber', { masked })
      : setting.unreadable
        ? t('payouts.unreadableNumber')
        : t('payouts.noNumber');

  return (
    <Form noValidate onSubmit={form.handleSubmit(submit)} data-testid="payout-form">
      {mode === 'hub' && (
        <Form.Group className="mb-3" controlId="payout-creator">
          <Form.Label>{t('payouts.fields.creator')}</Form.Label>
          <Form.Control value={setting.creator} readOnly plaintext={false} />
        </Form.Group>
      )}
      {mode === 'hub' && (
        <Form.Group className="mb-3" controlId="payout-status">
          <Form.Label>{t('payouts.fields.status')}</Form.Label>
          <Form.Select {...form.register('status')} isInvalid={!!errors.status}>
            {PAYOUT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`payouts.status.${status}`)}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{errorOf('status')}</Form.Control.Feedback>
        </Form.Group>
      )}
      <PaymentMethodField
        registration={form.register('paymentMethod')}
        value={form.watch('paymentMethod') ?? ''}
        onClear={() => form.setValue('paymentMethod', '', { shouldDirty: true })}
        error={errorOf('paymentMethod')}
      />
      <Form.Group className="mb-3" controlId="payout-bank-name">
        <Form.Label>{t('payouts.fields.bankName')}</Form.Label>
        <Form.Control {...form.register('bankName')} isInvalid={!!errors.bankName} />
        <Form.Control.Feedback type="invalid">{errorOf('bankName')}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="payout-account-number">
        <Form.Label>{t('payouts.fields.accountNumber')}</Form.Label>
        <Form.Control
          {...form.register('accountNumber')}
          isInvalid={!!errors.accountNumber}
          autoComplete="off"
          placeholder={setting.accountNumber ?? ''}
          aria-describedby="payout-account-number-hint"
        />
        <Form.Text id="payout-account-number-hint">{numberHint(setting.accountNumber)}</Form.Text>
        <Form.Control.Feedback type="invalid">{errorOf('accountNumber')}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="payout-routing-number">
        <Form.Label>{t('payouts.fields.routingNumber')}</Form.Label>
        <Form.Control
          {...form.register('routingNumber')}
          isInvalid={!!errors.routingNumber}
          autoComplete="off"
          inputMode="numeric"
          placeholder={setting.routingNumber ?? ''}
          aria-describedby="payout-routing-number-hint"
        />
        <Form.Text id="payout-routing-number-hint">{numberHint(setting.routingNumber)}</Form.Text>
        <Form.Control.Feedback type="invalid">{errorOf('routingNumber')}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="payout-currency">
        <Form.Label>{t('payouts.fields.currency')}</Form.Label>
        <Form.Select {...form.register('currency')} isInvalid={!!errors.currency}>
          <option value="usd">USD</option>
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errorOf('currency')}</Form.Control.Feedback>
      </Form.Group>
      <Form.Check
        className="mb-3"
        id="payout-auto-payout"
        type="checkbox"
        label={t('payouts.fields.autoPayout')}
        {...form.register('autoPayout')}
      />
      {mode === 'own' && <p className="small aura-muted">{t('payouts.pendingNote')}</p>}
      {failure && (
        <Alert variant="danger" role="alert" data-testid="payout-form-error">
          {t('payouts.failed', { message: failure })}
        </Alert>
      )}
      <div className="d-flex justify-content-end gap-2">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
            {t('payouts.cancel')}
          </Button>
        )}
        <Button type="submit" variant="primary" disabled={isSubmitting}>
          {isSubmitting && <Spinner animation="border" size="sm" className="me-2" aria-hidden />}
          {isSubmitting ? t('payouts.saving') : t('payouts.save')}
        </Button>
      </div>
    </Form>
  );
}
