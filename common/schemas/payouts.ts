import { z } from 'zod';
import { CURRENCIES } from '../rules/money';
import {
  ACCOUNT_NUMBER_PATTERN,
  BANK_NAME_MAX,
  isAbaRoutingNumber,
  PAYMENT_METHOD_MAX,
  PAYOUT_CURRENCIES,
  PAYOUT_STATUSES,
  ROUTING_NUMBER_PATTERN,
} from '../rules/payouts';
import { CurrencyAmount } from './hub';

/*
 * Payout routing (issue 15, SPEC §2 payout routing panel and edit dialog, SPEC §3 payout
 * setting). The same request schemas validate on the server and resolve the dialog's form;
 * their messages are keys the web translates (`payouts.errors.<key>`) and the API answers as
 * `error` with the `field` they are about. Account and routing numbers never come back in full.
 */

export const PayoutStatus = z.enum(PAYOUT_STATUSES, { error: 'payoutStatusInvalid' });
export type PayoutStatus = z.infer<typeof PayoutStatus>;

/** SPEC §9: USD only. */
export const PayoutCurrency = z.enum(PAYOUT_CURRENCIES, { error: 'payoutCurrencyUsdOnly' });

/** Empty or omitted keeps the number on file; anything else must be a valid number. */
const AccountNumberInput = z
  .string({ error: 'payoutAccountNumberInvalid' })
  .trim()
  .refine((value) => value === '' || ACCOUNT_NUMBER_PATTERN.test(value), {
    error: 'payoutAccountNumberInvalid',
  })
  .optional();

const RoutingNumberInput = z
  .string({ error: 'payoutRoutingNumberInvalid' })
  .trim()
  .superRefine((value, ctx) => {
    if (value === '') return;
    if (!ROUTING_NUMBER_PATTERN.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'payoutRoutingNumberInvalid' });
    } else if (!isAbaRoutingNumber(value)) {
      ctx.addIssue({ code: 'custom', message: 'payoutRoutingNumberChecksum' });
    }
  })
  .optional();

const PayoutFields = {
  paymentMethod: z
    .string({ error: 'payoutPaymentMethodRequired' })
    .trim()
    .min(1, 'payoutPaymentMethodRequired')
    .max(PAYMENT_METHOD_MAX, 'payoutPaymentMethodTooLong'),
  bankName: z
    .string({ error: 'payoutBankNameTooLong' })
    .trim()
    .max(BANK_NAME_MAX, 'payoutBankNameTooLong')
    .default(''),
  accountNumber: AccountNumberInput,
  routingNumber: RoutingNumberInput,
  currency: PayoutCurrency,
  autoPayout: z.boolean({ error: 'payoutAutoPayoutInvalid' }),
};

/**
 * PUT /api/v1/hub/payouts/{creatorId} (admin, superadmin). An omitted or empty account or
 * routing number keeps the stored one.
 */
export const PayoutSettingsUpdateRequest = z.object({ ...PayoutFields, status: PayoutStatus });
export type PayoutSettingsUpdateRequest = z.infer<typeof PayoutSettingsUpdateRequest>;
export type PayoutSettingsForm = z.input<typeof PayoutSettingsUpdateRequest>;

/**
 * PUT /api/v1/payouts/me: a creator's own settings. The status is the admins' to set: a new or
 * changed account or routing number puts it back to pending until an admin confirms it.
 */
export const OwnPayoutSettingsUpdateRequest = z.object(PayoutFields);
export type OwnPayoutSettingsUpdateRequest = z.infer<typeof OwnPayoutSettingsUpdateRequest>;
export type OwnPayoutSettingsForm = z.input<typeof OwnPayoutSettingsUpdateRequest>;

/** SPEC §3 payout setting. `id` is the creator's user id (one setting per creator). */
export const PayoutSetting = z.object({
  id: z.string(),
  creatorId: z.string(),
  creator: z.string(),
  username: z.string(),
  paymentMethod: z.string(),
  bankName: z.string(),
  /** Masked: only the last 4 characters are ever shown (`****6789`); null when none is on file. */
  accountNumber: z.string().nullable(),
  /** Masked like the account number. */
  routingNumber: z.string().nullable(),
  currency: PayoutCurrency,
  status: PayoutStatus,
  autoPayout: z.boolean(),
  /** False while the creator has no stored settings (shown as pending, nothing on file). */
  configured: z.boolean(),
  /**
   * True when a stored number could not be opened (sealed with a key this server does not have:
   * see PAYOUT_KEYS_PREVIOUS); that number answers null, and the rest of the row is as stored.
   */
  unreadable: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type PayoutSetting = z.infer<typeof PayoutSetting>;

/** GET /api/v1/hub/payouts?q=&cursor= */
export const HubPayoutsQuery = z.object({
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type HubPayoutsQuery = z.infer<typeof HubPayoutsQuery>;

export const HubPayoutsPage = z.object({
  payouts: z.array(PayoutSetting),
  nextCursor: z.string().nullable(),
  /** What the viewer may do here (agency and studio read only). */
  abilities: z.object({ canEdit: z.boolean(), canRun: z.boolean() }),
});
export type HubPayoutsPage = z.infer<typeof HubPayoutsPage>;

export const PAYOUT_TRANSFER_STATUSES = ['queued', 'sent', 'failed'] as const;
export type PayoutTransferStatus = (typeof PAYOUT_TRANSFER_STATUSES)[number];

/** One creator's payout in one currency within a run. */
export const PayoutRunTransfer = z.object({
  creatorId: z.string(),
  creator: z.string(),
  currency: z.enum(CURRENCIES),
  amountCents: z.number().int(),
  status: z.enum(PAYOUT_TRANSFER_STATUSES),
});
export type PayoutRunTransfer = z.infer<typeof PayoutRunTransfer>;

/** POST /api/v1/hub/payouts/run (header Idempotency-Key): what the run booked. */
export const PayoutRunSummary = z.object({
  runId: z.string(),
  createdAt: z.string(),
  provider: z.string(),
  /** True when this answer repeats an earlier run with the same key (nothing was booked now). */
  replayed: z.boolean(),
  creators: z.number().int(),
  transfers: z.array(PayoutRunTransfer),
  totals: z.array(CurrencyAmount),
});
export type PayoutRunSummary = z.infer<typeof PayoutRunSummary>;

/**
 * A creator's balance below zero in one currency (issue 43: refunds after their payout). The
 * next payout runs pay them nothing in it until later earnings cover `amountCents`.
 */
export const CarriedBalance = z.object({
  creatorId: z.string(),
  /** The creator's username. */
  creator: z.string(),
  currency: z.enum(CURRENCIES),
  /** What is owed, in cents (positive). */
  amountCents: z.number().int(),
});
export type CarriedBalance = z.infer<typeof CarriedBalance>;

/** GET /api/v1/hub/payouts/runs: the latest runs, newest first, and the balances carried. */
export const PayoutRunList = z.object({
  runs: z.array(PayoutRunSummary.omit({ replayed: true, transfers: true })),
  /** Negative balances, most owed first (at most 100). */
  carried: z.array(CarriedBalance),
});
export type PayoutRunList = z.infer<typeof PayoutRunList>;
