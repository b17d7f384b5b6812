import { useState } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** Two overlapping sheets, drawn inline (decorative: the button carries the label). */
const CopyIcon = () => (
  <svg
    width="16"
    height="16"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V5a2 2 0 0 1 2-2h10" />
  </svg>
);

/**
 * SPEC §2 payment method text with a clear and a copy-to-clipboard button. The copy notice is
 * announced politely so screen readers hear it.
 */
export function PaymentMethodField({
  registration,
  value,
  onClear,
  error,
  disabled,
}: {
  registration: UseFormRegisterReturn<'paymentMethod'>;
  value: string;
  onClear: () => void;
  error: string | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<'copied' | 'copyFailed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setNotice('copied');
    } catch {
      setNotice('copyFailed');
    }
  };
  return (
    <Form.Group className="mb-3" controlId="payout-payment-method">
      <Form.Label>{t('payouts.fields.paymentMethod')}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          {...registration}
          disabled={disabled}
          isInvalid={!!error}
          aria-describedby="payout-payment-method-notice"
          autoComplete="off"
        />
        <Button
          variant="outline-secondary"
          onClick={() => {
            onClear();
            setNotice(null);
          }}
          disabled={disabled || value === ''}
          aria-label={t('payouts.clear')}
          title={t('payouts.clear')}
        >
          ×
        </Button>
        <Button
          variant="outline-secondary"
          onClick={() => void copy()}
          disabled={value === ''}
          aria-label={t('payouts.copy')}
          title={t('payouts.copy')}
        >
          <CopyIcon />
        </Button>
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </InputGroup>
      <div id="payout-payment-method-notice" className="form-text" aria-live="polite">
        {notice ? t(`payouts.${notice}`) : ''}
      </div>
    </Form.Group>
  );
}
