import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  isLuhnValid,
  LocalPayRequest,
  PaymentErrorResponse,
  type LocalCheckoutSummary,
} from '../../../../../common/schemas/billing';
import { usePayLocalCheckout } from '../api/billing-hooks';
import { RequestError } from '../../../shared/api/request';
import { goTo } from './go-to';
import { formatCardNumber, formatCvc, formatExpiry } from './card-format';

const FIELDS = ['email', 'cardNumber', 'expiry', 'cvc'] as const;
type Field = (typeof FIELDS)[number];
type FieldErrors = Partial<Record<Field | 'form', string>>;

// Message keys the shared schema and the Luhn check produce, translated on this page.
const ERROR_KEYS = [
  'emailInvalid',
  'cardNumberRequired',
  'cardNumberInvalid',
  'expiryRequired',
  'cvcRequired',
] as const;
type ErrorKey = (typeof ERROR_KEYS)[number];
const isErrorKey = (value: string): value is ErrorKey =>
  (ERROR_KEYS as readonly string[]).includes(value);
const isField = (value: unknown): value is Field =>
  typeof value === 'string' && (FIELDS as readonly string[]).includes(value);

/** Checks the form with the shared request schema and the shared Luhn rule before sending it. */
function validate(input: Record<Field, string>): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = LocalPayRequest.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isField(field) && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!errors.cardNumber && !isLuhnValid(input.cardNumber)) errors.cardNumber = 'cardNumberInvalid';
  return errors;
}

/** The server's refusal, placed under the input it names (SPEC §8: under the card field). */
function serverErrors(error: unknown): FieldErrors {
  const body = PaymentErrorResponse.safeParse(error instanceof RequestError ? error.body : null);
  if (body.success) {
    return isField(body.data.field)
      ? { [body.data.field]: body.data.error }
      : { form: body.data.error };
  }
  return { form: error instanceof Error ? error.message : String(error) };
}

export function LocalPayForm({
  summary,
  amount,
}: {
  summary: LocalCheckoutSummary;
  amount: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({
    email: summary.customerEmail ?? '',
    cardNumber: '',
    expiry: '',
    cvc: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});

  const payment = usePayLocalCheckout(summary.id);
  const pay = () =>
    payment.mutate(values, {
      onSuccess: (answer) => goTo(navigate, answer.redirectUrl),
      onError: (error) => setErrors(serverErrors(error)),
    });

  const message = (text: string | undefined) =>
    text === undefined ? undefined : isErrorKey(text) ? t(`pay.errors.${text}`) : text;

  const change = (field: Field, format: (value: string) => string) => (value: string) => {
    setValues((current) => ({ ...current, [field]: format(value) }));
    setErrors((current) => ({ ...current, [field]: undefined, form: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (payment.isPending) return;
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length === 0) pay();
  };

  const field = (
    name: Field,
    label: string,
    props: {
      type?: string;
      autoComplete: string;
      inputMode?: 'numeric' | 'email';
      placeholder?: string;
      format?: (value: string) => string;
    },
  ) => {
    const error = message(errors[name]);
    const id = `pay-${name}`;
    return (
      <div className="mb-3">
        <label htmlFor={id} className="form-label">
          {label}
        </label>
        <input
          id={id}
          name={name}
          type={props.type ?? 'text'}
          className={`form-control${error ? ' is-invalid' : ''}`}
          value={values[name]}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          placeholder={props.placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => change(name, props.format ?? ((v) => v))(event.target.value)}
        />
        {error && (
          <div id={`${id}-error`} className="invalid-feedback" data-testid={`${id}-error`}>
            {error}
          </div>
        )}
      </div>
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-busy={payment.isPending}>
      {field('email', t('pay.email'), { type: 'email', autoComplete: 'email', inputMode: 'email' })}
      {field('cardNumber', t('pay.cardNumber'), {
        autoComplete: 'cc-number',
        inputMode: 'numeric',
        placeholder: '4242 4242 4242 4242',
        format: formatCardNumber,
      })}
      <div className="row">
        <div className="col">
          {field('expiry', t('pay.expiry'), {
            autoComplete: 'cc-exp',
            inputMode: 'numeric',
            placeholder: 'MM/YY',
            format: formatExpiry,
          })}
        </div>
        <div className="col">
          {field('cvc', t('pay.cvc'), {
            autoComplete: 'cc-csc',
            inputMode: 'numeric',
            placeholder: '123',
            format: formatCvc,
          })}
        </div>
      </div>
      <p className="small aura-muted">{t('pay.cardHint')}</p>
      {errors.form && (
        <div className="alert alert-danger" role="alert">
          {t('pay.errors.generic', { message: message(errors.form) })}
        </div>
      )}
      <button type="submit" className="btn btn-primary btn-lg w-100" disabled={payment.isPending}>
        {payment.isPending ? t('pay.processing') : t('pay.submit', { amount })}
      </button>
    </form>
  );
}
