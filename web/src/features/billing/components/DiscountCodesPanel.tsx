import { useState, type FormEvent } from 'react';
import { Alert, Button, Col, Form, Row, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatMoney, type Currency } from '../../../../../common/rules/money';
import { parsePriceToCents } from '../../../../../common/schemas/billing';
import type { CreateDiscountRequest, DiscountCode } from '../../../../../common/schemas/discounts';
import { useCreateDiscount, useDeleteDiscount, useDiscountCodes } from '../api/discounts';

type Kind = 'percent' | 'amount';
type Scope = 'all' | 'memberships';

/**
 * The creator dashboard's "Discount codes" (issue 43): make a code, see how many of its
 * redemptions are used, delete it. The server checks every rule (common/rules/discounts.ts).
 */
export function DiscountCodesPanel() {
  const { t } = useTranslation();
  const codes = useDiscountCodes();
  const remove = useDeleteDiscount();
  return (
    <section className="mb-4" data-testid="discount-codes">
      <h2 className="h5">{t('discounts.title')}</h2>
      <p className="small text-muted">{t('discounts.help')}</p>
      <DiscountForm />
      {codes.isError && <Alert variant="danger">{codes.error.message}</Alert>}
      {remove.isError && <Alert variant="danger">{remove.error.message}</Alert>}
      {codes.data && codes.data.discounts.length === 0 && (
        <p className="text-muted">{t('discounts.none')}</p>
      )}
      {codes.data && codes.data.discounts.length > 0 && (
        <Table size="sm" responsive className="align-middle">
          <thead>
            <tr>
              <th>{t('discounts.code')}</th>
              <th>{t('discounts.off')}</th>
              <th>{t('discounts.appliesTo')}</th>
              <th>{t('discounts.redemptions')}</th>
              <th>{t('discounts.expires')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {codes.data.discounts.map((code) => (
              <DiscountRow
                key={code.id}
                code={code}
                onDelete={() => remove.mutate(code.id)}
                isDeleting={remove.isPending && remove.variables === code.id}
              />
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

function DiscountRow({
  code,
  onDelete,
  isDeleting,
}: {
  code: DiscountCode;
  onDelete: () => void;
  isDeleting: boolean;
}) {
  const { t, i18n } = useTranslation();
  const off =
    code.percentOff !== null
      ? `${code.percentOff} %`
      : formatMoney(code.amountOffCents ?? 0, code.currency ?? 'eur', i18n.language);
  const scope =
    code.appliesTo === 'all'
      ? t('discounts.scopeAll')
      : [
          ...code.appliesTo.tiers,
          ...(code.appliesTo.items.length > 0
            ? [t('discounts.itemCount', { count: code.appliesTo.items.length })]
            : []),
        ].join(', ');
  return (
    <tr data-testid="discount-row">
      <td className="fw-semibold">{code.code}</td>
      <td>{off}</td>
      <td>{scope}</td>
      <td data-testid="discount-redemptions">
        {code.maxRedemptions === null
          ? t('discounts.usedUnlimited', { used: code.redemptions })
          : t('discounts.used', { used: code.redemptions, max: code.maxRedemptions })}
      </td>
      <td>
        {code.expiresAt
          ? new Date(code.expiresAt).toLocaleDateString(i18n.language)
          : t('discounts.never')}
      </td>
      <td className="text-end">
        <Button
          size="sm"
          variant="outline-danger"
          disabled={isDeleting}
          onClick={onDelete}
          aria-label={t('discounts.deleteCode', { code: code.code })}
        >
          {t('discounts.delete')}
        </Button>
      </td>
    </tr>
  );
}

function DiscountForm() {
  const { t } = useTranslation();
  const create = useCreateDiscount();
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<Kind>('percent');
  const [value, setValue] = useState('');
  const [currency, setCurrency] = useState<Currency>('eur');
  const [scope, setScope] = useState<Scope>('all');
  const [max, setMax] = useState('');
  const [expires, setExpires] = useState('');
  const [invalidValue, setInvalidValue] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = kind === 'percent' ? Number(value) : parsePriceToCents(value);
    if (amount === null || !Number.isFinite(amount) || value.trim() === '') {
      setInvalidValue(true);
      return;
    }
    setInvalidValue(false);
    const body: CreateDiscountRequest = {
      code: code.trim(),
      ...(kind === 'percent' ? { percentOff: amount } : { amountOffCents: amount, currency }),
      appliesTo: scope === 'all' ? 'all' : { tiers: ['Hypr', 'HyprSoul'] },
      ...(max.trim() ? { maxRedemptions: Number(max) } : {}),
      // The end of the chosen day, in the creator's time zone.
      ...(expires ? { expiresAt: new Date(`${expires}T23:59:59`).toISOString() } : {}),
    };
    create.mutate(body, {
      onSuccess: () => {
        setCode('');
        setValue('');
        setMax('');
        setExpires('');
      },
    });
  };

  return (
    <Form onSubmit={submit} className="card card-body mb-3" data-testid="discount-form" noValidate>
      <Row className="g-2 align-items-end">
        <Col md={3}>
          <Form.Label htmlFor="discount-code">{t('discounts.code')}</Form.Label>
          <Form.Control
            id="discount-code"
            required
            maxLength={32}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </Col>
        <Col md={2}>
          <Form.Label htmlFor="discount-kind">{t('discounts.kind')}</Form.Label>
          <Form.Select
            id="discount-kind"
            value={kind}
            onChange={(e) => setKind(e.target.value as Kind)}
          >
            <option value="percent">{t('discounts.percent')}</option>
            <option value="amount">{t('discounts.amount')}</option>
          </Form.Select>
        </Col>
        <Col md={2}>
          <Form.Label htmlFor="discount-value">
            {kind === 'percent' ? t('discounts.percentValue') : t('discounts.amountValue')}
          </Form.Label>
          <Form.Control
            id="discount-value"
            inputMode="decimal"
            value={value}
            isInvalid={invalidValue}
            onChange={(e) => setValue(e.target.value)}
          />
        </Col>
        {kind === 'amount' && (
          <Col md={1}>
            <Form.Label htmlFor="discount-currency">{t('discounts.currency')}</Form.Label>
            <Form.Select
              id="discount-currency"
              value={currency}
              onChange={(e) => setCurrency(e.target.value as Currency)}
            >
              <option value="eur">EUR</option>
              <option value="usd">USD</option>
            </Form.Select>
          </Col>
        )}
        <Col md={2}>
          <Form.Label htmlFor="discount-scope">{t('discounts.appliesTo')}</Form.Label>
          <Form.Select
            id="discount-scope"
            value={scope}
            onChange={(e) => setScope(e.target.value as Scope)}
          >
            <option value="all">{t('discounts.scopeAll')}</option>
            <option value="memberships">{t('discounts.scopeMemberships')}</option>
          </Form.Select>
        </Col>
        <Col md={2}>
          <Form.Label htmlFor="discount-max">{t('discounts.maxRedemptions')}</Form.Label>
          <Form.Control
            id="discount-max"
            type="number"
            min={1}
            value={max}
            onChange={(e) => setMax(e.target.value)}
          />
        </Col>
        <Col md={2}>
          <Form.Label htmlFor="discount-expires">{t('discounts.expiresOn')}</Form.Label>
          <Form.Control
            id="discount-expires"
            type="date"
            value={expires}
            onChange={(e) => setExpires(e.target.value)}
          />
        </Col>
        <Col md={2}>
          <Button type="submit" disabled={create.isPending} className="w-100">
            {t('discounts.create')}
          </Button>
        </Col>
      </Row>
      {invalidValue && (
        <Alert variant="danger" className="mt-2 mb-0">
          {t('discounts.valueInvalid')}
        </Alert>
      )}
      {create.isError && (
        <Alert variant="danger" className="mt-2 mb-0">
          {create.error.message}
        </Alert>
      )}
    </Form>
  );
}
