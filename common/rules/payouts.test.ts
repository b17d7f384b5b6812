import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OwnPayoutSettingsUpdateRequest, PayoutSettingsUpdateRequest } from '../schemas/payouts';
import { isAbaRoutingNumber, maskNumber, payoutStatusVariant } from './payouts';

const valid = {
  paymentMethod: 'Bank transfer',
  bankName: '',
  accountNumber: '12345678',
  routingNumber: '021000021',
  currency: 'usd',
  status: 'active',
  autoPayout: false,
};

const firstMessage = (input: Record<string, unknown>) => {
  const parsed = PayoutSettingsUpdateRequest.safeParse({ ...valid, ...input });
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('the ABA routing number checksum', () => {
  it('accepts real routing numbers and refuses one digit off', () => {
    for (const number of ['021000021', '011000015', '026009593', '121000358']) {
      expect(isAbaRoutingNumber(number), number).toBe(true);
    }
    for (const number of ['021000022', '123456789', '02100002', '0210000210', '02100002a']) {
      expect(isAbaRoutingNumber(number), number).toBe(false);
    }
  });

  it('catches every single mistyped digit (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (position, delta) => {
          const digits = [...'021000021'].map(Number);
          digits[position] = (digits[position]! + delta) % 10;
          expect(isAbaRoutingNumber(digits.join(''))).toBe(false);
        },
      ),
    );
  });
});

describe('the payout settings schema (server and dialog)', () => {
  it('takes a valid setting, and empty numbers as "keep the stored one"', () => {
    expect(firstMessage({})).toBeNull();
    expect(firstMessage({ accountNumber: '', routingNumber: '' })).toBeNull();
    expect(firstMessage({ accountNumber: undefined, routingNumber: undefined })).toBeNull();
  });

  it.each([
    [{ currency: 'eur' }, 'payoutCurrencyUsdOnly'],
    [{ status: 'paused' }, 'payoutStatusInvalid'],
    [{ routingNumber: '021000022' }, 'payoutRoutingNumberChecksum'],
    [{ routingNumber: '12345678' }, 'payoutRoutingNumberInvalid'],
    [{ accountNumber: '123' }, 'payoutAccountNumberInvalid'],
    [{ accountNumber: 'x'.repeat(35) }, 'payoutAccountNumberInvalid'],
    [{ accountNumber: 'ab cd' }, 'payoutAccountNumberInvalid'],
    [{ paymentMethod: '' }, 'payoutPaymentMethodRequired'],
    [{ paymentMethod: 'm'.repeat(101) }, 'payoutPaymentMethodTooLong'],
    [{ bankName: 'b'.repeat(101) }, 'payoutBankNameTooLong'],
  ])('refuses %o with %s', (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('accepts account numbers of 4 to 34 letters and digits (boundaries)', () => {
    expect(firstMessage({ accountNumber: '1234' })).toBeNull();
    expect(firstMessage({ accountNumber: 'Z'.repeat(34) })).toBeNull();
  });

  it('leaves the status out of a creator’s own edit', () => {
    const parsed = OwnPayoutSettingsUpdateRequest.parse({ ...valid, status: 'active' });
    expect(parsed).not.toHaveProperty('status');
  });
});

describe('showing payouts', () => {
  it('shows only the last 4 characters of a number', () => {
    expect(maskNumber('000123456789')).toBe('****6789');
    expect(maskNumber('021000021')).toBe('****0021');
  });

  it('colours statuses as SPEC §4 says', () => {
    expect(['active', 'pending', 'inactive', 'other'].map(payoutStatusVariant)).toEqual([
      'success',
      'warning',
      'secondary',
      'secondary',
    ]);
  });
});
