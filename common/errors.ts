/*
 * The server's error catalogue (issue 10): every `{ error }` the API answers also carries a stable
 * `code`. The server throws by code (`fail(code, params)` in server/http/errors.ts) and answers the
 * English text below with `{{name}}` filled from `params`; the web shows `errors.<code>` from its
 * translation files with the same params, and falls back to the server's text for a code it does
 * not know. A unit test (web/src/app/error-codes.test.ts) fails when a code here has no
 * translation in en, es or de.
 *
 * Codes are snake_case. SPEC §5 message keys (`usernameTaken`, `upload.requiredFields`, ...) are
 * codes of their own: they already are keys, translated where their forms show them
 * (MESSAGE_KEY_TRANSLATIONS below).
 */

import { CREATOR_PROFILE_MESSAGES, type CreatorProfileMessage } from './rules/creator-profile';

export interface CatalogueEntry {
  status: number;
  /** English text; `{{name}}` is filled from the error's params. */
  text: string;
}

const entry = (status: number, text: string): CatalogueEntry => ({ status, text });

export const ERROR_CATALOGUE = {
  // -- generic answers, by status, for refusals that have no code of their own --
  bad_request: entry(400, 'The request is not valid'),
  invalid_field: entry(400, '{{field}}: {{reason}}'),
  unauthorized: entry(401, 'Sign-in required'),
  forbidden: entry(403, 'You may not do this'),
  not_found: entry(404, 'Not found'),
  route_not_found: entry(404, 'Not found: {{method}} {{path}}'),
  conflict: entry(409, 'This conflicts with the current state'),
  gone: entry(410, 'This is no longer available'),
  payload_too_large: entry(413, 'The request is too large'),
  unsupported_media_type: entry(415, 'This type of content is not supported'),
  rate_limited: entry(429, 'Too many requests. Please wait a moment and try again.'),
  internal: entry(500, 'Internal server error'),
  bad_gateway: entry(502, 'A service this server depends on could not be reached'),
  gateway_timeout: entry(504, 'A service this server depends on did not answer in time'),
  unavailable: entry(503, 'This is not available on this server'),
  database_unavailable: entry(
    503,
    'The database cannot be reached right now. Please try again in a moment.',
  ),
  server_busy: entry(503, 'The server is busy right now. Please try again in a moment.'),
  backup_key_invalid: entry(401, 'The backup key is missing or wrong.'),
  storage_unavailable: entry(
    503,
    'Media storage cannot be reached right now. Please try again in a moment.',
  ),
  storage_full: entry(
    507,
    'storage full: the server has no space left to store this. Please try again later.',
  ),

  // -- accounts and sessions --
  sign_in_required: entry(401, 'Sign-in required'),
  sign_in_expired: entry(401, 'Your session has expired. Please sign in again.'),
  invalid_credentials: entry(401, 'Invalid username or password'),
  account_suspended: entry(403, 'This account is suspended'),
  account_suspended_because: entry(403, 'This account is suspended: {{reason}}'),
  role_forbidden: entry(403, 'Your role may not do this'),
  sign_in_throttled: entry(429, 'Too many failed sign-ins. Try again in {{seconds}} seconds.'),
  google_login_failed: entry(401, 'Google login failed'),
  google_not_configured: entry(
    503,
    'Google sign-in is not configured on this server (GOOGLE_CLIENT_ID)',
  ),
  google_unreachable: entry(502, 'Google could not be reached. Please try again.'),
  account_changed: entry(409, 'The account changed while signing in. Please try again.'),
  user_not_found: entry(404, 'User not found'),
  google_account_exists: entry(
    409,
    'An account with this e-mail address already exists. Sign in with its password, then link Google in your account settings.',
  ),
  google_already_linked: entry(409, 'Your account is already linked to a Google account.'),
  google_linked_elsewhere: entry(409, 'This Google account is already linked to another account.'),
  mail_link_invalid: entry(400, 'This link is invalid, already used or expired.'),
  newsletter_creator_unknown: entry(400, 'creatorId: not a creator you follow or belong to'),
  creator_update_limited: entry(
    429,
    'You sent {{limit}} updates in the last 24 hours. Please try again later.',
  ),
  email_already_verified: entry(409, 'Your e-mail address is already verified.'),
  verification_resend_limited: entry(
    429,
    'Too many verification e-mails. Please wait an hour and try again.',
  ),
  creator_not_found: entry(404, 'Creator not found'),
  feed_not_found: entry(404, 'No such feed'),
  feed_link_unavailable: entry(
    409,
    'Feed links are for creators you follow or are a member of: follow this creator first',
  ),
  nul_text: entry(400, 'Text must not contain NUL characters'),

  // -- follows --
  not_followable: entry(400, 'Only creators can be followed'),
  cannot_follow_self: entry(400, 'You cannot follow yourself'),

  // -- items --
  item_not_found: entry(404, 'Item not found'),
  item_deleted: entry(409, 'This item was deleted and can no longer be changed'),
  item_early_access_invalid: entry(
    400,
    'earlyAccessUntil: choose a time with its time zone, after the item goes out and at most 90 days later',
  ),
  item_early_access_needs_tier: entry(
    400,
    'earlyAccessUntil: early access is for members, choose the tier they need',
  ),
  item_publish_at_invalid: entry(
    400,
    'publishAt: choose a time with its time zone, in the future and at most one year ahead',
  ),
  media_not_ours: entry(400, '{{field}}: not a file uploaded here'),
  media_not_own_upload: entry(400, '{{field}}: use a file you uploaded yourself'),
  media_wrong_kind: entry(400, '{{field}}: this upload is not a {{kind}}'),
  invalid_cursor: entry(400, 'Invalid cursor'),

  // -- media --
  media_not_found: entry(404, 'No such media'),
  media_link_expired: entry(403, 'This media link has expired or belongs to a locked item'),
  file_empty: entry(400, 'The file is empty'),
  send_one_file: entry(400, "Send exactly one file, in the multipart field '{{field}}'"),
  multipart_malformed: entry(400, 'The multipart body is malformed'),
  multipart_required: entry(415, "Send the file as multipart/form-data in the field '{{field}}'"),
  upload_interrupted: entry(400, 'The upload was interrupted before the file was complete'),
  image_unreadable: entry(400, 'The image could not be read'),
  file_too_large: entry(413, 'The {{kind}} is larger than the limit of {{limit}}'),
  file_type_refused: entry(415, 'This file is not a supported {{kind}} ({{formats}})'),
  range_not_satisfiable: entry(416, 'Range not satisfiable'),

  // -- purchases (common/rules/purchase.ts) --
  not_listed: entry(404, 'Item not found'),
  creator_suspended: entry(409, 'The creator of this item is suspended: it cannot be bought'),
  own_item: entry(400, 'You cannot buy your own item'),
  free_item: entry(400, 'This item is free'),
  tier_item: entry(400, 'This item is included in the {{tier}} membership: subscribe to unlock it'),
  already_owned: entry(409, 'You already have access to this item'),
  early_access: entry(
    409,
    '{{tier}} members have this item first: it goes on sale when its early access ends',
  ),
  wrong_currency: entry(400, 'This item is priced in {{currency}}: pay by card'),

  // -- payments, memberships and the wallet --
  priceMismatch: entry(400, 'Price mismatch: the price is {{price}}'),
  invalid_price: entry(400, 'price: must be an amount like 9.99'),
  topup_out_of_range: entry(400, 'price: a top-up must be between {{min}} and {{max}}'),
  // Pay what you want (issue 43, common/rules/pay-what-you-want.ts).
  amount_required: entry(400, 'amount: choose how much to pay (at least {{min}})'),
  amount_not_accepted: entry(400, 'amount: this item has a fixed price of {{price}}'),
  amount_below_minimum: entry(400, 'amount: pay at least {{min}}'),
  amount_above_maximum: entry(400, 'amount: pay at most {{max}}'),
  pwyw_minimum_invalid: entry(400, 'minPrice: must be an amount like 2.50 between 0 and 10000'),
  pwyw_suggested_invalid: entry(
    400,
    'suggestedPrice: must be an amount a fan may pay, at least the minimum',
  ),
  // Discount codes (issue 43, common/rules/discounts.ts).
  discount_code_unknown: entry(400, 'discountCode: {{code}} is not a code of this seller'),
  discount_code_expired: entry(410, 'discountCode: {{code}} has expired'),
  discount_code_used_up: entry(409, 'discountCode: {{code}} has been used up'),
  discount_not_applicable: entry(400, 'discountCode: {{code}} does not apply to this purchase'),
  discount_not_for_pwyw: entry(
    400,
    'discountCode: codes do not apply to pay-what-you-want items, you choose the amount',
  ),
  discount_amount_invalid: entry(
    400,
    'Give exactly one of percentOff (1 to 100) and amountOffCents (more than 0, with its currency)',
  ),
  discount_expiry_past: entry(400, 'expiresAt: must be in the future'),
  discount_scope_empty: entry(400, 'appliesTo: name at least one item or tier, or "all"'),
  discount_items_invalid: entry(400, 'appliesTo.items: {{ids}} are not items of yours'),
  discount_every_period_unsupported: entry(
    400,
    'firstPeriodOnly: a code for memberships discounts their first period only',
  ),
  discount_code_taken: entry(409, 'You already have the code {{code}}'),
  discount_limit_reached: entry(409, 'You have {{max}} discount codes: delete one first'),
  discount_not_found: entry(404, 'Discount code not found'),
  // Tips (issue 43, common/rules/tips.ts).
  tip_below_minimum: entry(400, 'amount: a tip is at least {{min}}'),
  tip_above_maximum: entry(400, 'amount: a tip is at most {{max}}'),
  tip_needs_creator: entry(400, "creatorId: a tip needs the creator's id"),
  cannot_tip_self: entry(400, 'You cannot tip yourself'),
  tip_not_accepted: entry(400, "tip: only a tip (tier 'tip') takes a tip's message"),
  tip_insufficient_balance: entry(
    402,
    'Not enough balance: this tip is {{price}} and your balance is {{balance}}',
  ),
  // Gifts (issue 43, common/rules/gifts.ts).
  gift_not_accepted: entry(400, 'gift: only an item or a membership can be given'),
  gift_months_required: entry(400, 'gift.months: a membership gift is 1, 3 or 12 months'),
  gift_months_not_accepted: entry(400, 'gift.months: only a membership gift has months'),
  gift_send_at_past: entry(400, 'gift.sendAt: choose a time in the future'),
  gift_send_at_too_far: entry(400, 'gift.sendAt: a gift can be scheduled at most a year ahead'),
  gift_not_found: entry(404, 'Gift not found'),
  gift_already_redeemed: entry(409, 'This gift has already been redeemed'),
  gift_refunded: entry(409, 'This gift was refunded and can no longer be redeemed'),
  gift_own: entry(409, 'You cannot redeem a gift you gave'),
  gift_membership_held: entry(
    409,
    'You already have a membership of {{creator}}: redeem this gift once it has ended',
  ),
  gift_item_owned: entry(409, 'You already have this item'),
  gift_not_refundable_yet: entry(
    409,
    'An unredeemed gift can be refunded {{days}} days after its purchase',
  ),
  gift_resend_too_soon: entry(429, 'The gift mail was just sent: try again in {{minutes}} minutes'),
  tier_is_free: entry(400, 'tier: Aura is free, there is nothing to pay'),
  membership_needs_creator: entry(400, "creatorId: a membership needs the creator's id"),
  product_id_invalid: entry(400, "productId: must be the item's numeric id"),
  cannot_subscribe_self: entry(400, 'You cannot subscribe to yourself'),
  membership_running: entry(
    409,
    'You already have the {{tier}} membership of {{creator}}; change its tier in your wallet',
  ),
  membership_ended: entry(409, 'This membership has already ended'),
  trial_already_used: entry(409, 'You have already had the free trial of this creator'),
  // Pausing a membership (issue 43).
  membership_already_paused: entry(409, 'This membership is already paused'),
  membership_paused: entry(
    409,
    'Your {{tier}} membership of {{creator}} is paused; resume it in your wallet instead',
  ),
  membership_cancel_pending: entry(
    409,
    'This membership is cancelled and ends with its paid period',
  ),
  membership_not_pausable: entry(
    409,
    'Only a paid membership whose payments are up to date can be paused',
  ),
  membership_pause_unsupported: entry(
    409,
    'Memberships billed through Stripe cannot be paused while this server does not take Stripe payments; cancel it instead',
  ),
  // Yearly plans (issue 43).
  interval_not_accepted: entry(400, 'Only a membership is billed by the month or by the year'),
  // Changing a membership's tier (issue 43).
  membership_same_tier: entry(409, 'This membership already has the {{tier}} tier'),
  membership_not_changeable: entry(
    409,
    'Only a paid membership whose payments are up to date can change tier',
  ),
  membership_change_paused: entry(
    409,
    'This membership is paused; resume it before changing its tier',
  ),
  membership_change_unsupported: entry(
    409,
    'Memberships billed through Stripe cannot change tier while this server does not take Stripe payments; cancel it and subscribe to the other tier when it ends',
  ),
  subscription_not_found: entry(404, 'Subscription not found'),
  // -- a creator's members (issue 42) --
  member_not_found: entry(404, 'No account with this id or e-mail'),
  already_member: entry(409, 'This person already has a membership of yours'),
  comp_self: entry(400, 'You cannot give a membership to yourself'),
  comp_account_closed: entry(409, 'This account is not active'),
  import_file_too_large: entry(413, 'The file is larger than {{max}} bytes'),
  import_too_many_rows: entry(413, 'The file has more than {{max}} rows'),
  import_malformed: entry(400, 'The file is not valid CSV: line {{line}}: {{reason}}'),
  import_no_email_column: entry(400, 'The file has no email column (line 1)'),
  import_empty: entry(400, 'The file has no rows'),
  member_import_not_found: entry(404, 'No import of yours with this id'),
  invitation_invalid: entry(
    400,
    'This invitation link is not valid, has expired or was already used',
  ),
  checkout_not_found: entry(404, 'Checkout session not found'),
  checkout_not_yours: entry(403, 'This checkout session belongs to another account'),
  session_complete: entry(409, 'This checkout session is already paid.'),
  session_expired: entry(410, 'This checkout session has expired.'),
  payments_not_configured: entry(
    503,
    'Payments are not set up on this server: the operator has configured no payment provider.',
  ),
  test_payments_off: entry(404, 'Test payments are switched off on this server'),
  payment_provider_unreachable: entry(
    502,
    'The payment provider could not be reached. Please try again.',
  ),
  invalid_number: entry(400, 'Your card number is invalid.'),
  invalid_expiry: entry(400, "Your card's expiration date is invalid."),
  expired_card: entry(400, 'Your card has expired.'),
  invalid_cvc: entry(400, "Your card's security code is invalid."),
  card_declined: entry(402, 'Your card was declined.'),
  insufficient_funds: entry(402, 'Your card has insufficient funds.'),
  insufficient_balance: entry(
    402,
    'Not enough balance: this item costs {{price}} and your balance is {{balance}}',
  ),
  idempotency_key_required: entry(
    400,
    'Idempotency-Key header required: 1 to 100 letters, digits or _ - : .',
  ),
  idempotency_key_reused: entry(409, 'This Idempotency-Key was already used for another item'),
  transaction_not_found: entry(404, 'Transaction not found'),
  payment_already_refunded: entry(409, 'This payment has already been refunded in full'),
  refund_exceeds_payment: entry(
    409,
    'A refund cannot give back more than was paid: {{remaining}} cents are left to refund',
  ),
  refund_window_closed: entry(
    409,
    'Creators can refund a sale within {{days}} days; ask an administrator for an older one',
  ),
  refund_not_supported: entry(
    409,
    'This payment cannot be refunded from Aura: refund it in the payment provider’s dashboard',
  ),
  webhook_signature_invalid: entry(400, 'Invalid webhook signature: {{reason}}'),
  webhooks_not_used: entry(404, 'Webhooks are only used with the Stripe provider'),

  // -- messages and blocks --
  conversation_not_found: entry(404, 'Conversation not found'),
  message_not_found: entry(404, 'Message not found'),
  message_not_in_conversation: entry(400, 'That message is not in this conversation'),
  cannot_message_self: entry(400, 'You cannot message yourself'),
  cannot_block_self: entry(400, 'You cannot block yourself'),
  client_id_reused: entry(409, 'This clientId was already used for another message'),
  message_blocked_by_me: entry(403, 'You blocked this person. Unblock them to send a message.'),
  message_blocked_me: entry(403, 'You cannot message this person.'),
  message_not_allowed: entry(
    403,
    'You can message creators, people who follow or subscribe to you if you are a creator, and people you follow who follow you back.',
  ),

  // -- reports --
  cannot_report_own_message: entry(400, 'You cannot report your own message'),
  cannot_report_own: entry(400, 'You cannot report yourself or your own content'),
  comment_not_found: entry(404, 'Comment not found'),
  report_not_found: entry(404, 'Report not found'),
  report_resolved: entry(409, 'This report is already resolved'),
  report_names_nobody: entry(400, 'This report names nobody to act on'),
  report_not_item: entry(400, 'Only a reported item can be hidden'),

  // -- moderation, warnings, roles and audit --
  warning_not_found: entry(404, 'Warning not found'),
  cannot_warn_self: entry(400, 'You cannot warn yourself'),
  cannot_suspend_self: entry(403, 'You cannot suspend yourself'),
  suspend_admin_superadmin_only: entry(403, 'Only a superadmin can suspend an administrator'),
  audit_subject_type_required: entry(400, 'subjectId: give subjectType too'),
  self_change: entry(403, 'You cannot change your own role or deactivate yourself.'),
  superadmin_only: entry(
    403,
    'Only a superadmin can grant or remove the admin and superadmin roles or change such an account.',
  ),
  last_superadmin: entry(409, 'The last active superadmin cannot be demoted or deactivated.'),

  // -- payouts --
  payout_run_not_found: entry(404, 'Payout run not found'),

  // -- the assistant --
  ai_message_blank: entry(400, 'message: must not be blank'),
  ai_message_too_long: entry(400, 'message: at most {{maxChars}} characters'),
  ai_model_unknown: entry(400, 'model: unknown model "{{model}}"'),
  ai_timeout: entry(504, 'The AI model did not answer in time. Please try again.'),
  ai_unavailable: entry(502, 'The AI model could not answer. Please try again later.'),
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);

const creatorProfileKeys = Object.fromEntries(
  CREATOR_PROFILE_MESSAGES.map((key) => [key, `creatorSettings.errors.${key}`]),
) as { [Key in CreatorProfileMessage]: `creatorSettings.errors.${Key}` };

/**
 * SPEC §5 message keys the server answers as both `error` and `code`, with the translation key
 * where the web already shows them (the forms translate these keys themselves).
 */
export const MESSAGE_KEY_TRANSLATIONS = {
  usernameTooShort: 'register.messages.usernameTooShort',
  usernameInvalidCharacters: 'register.messages.usernameInvalidCharacters',
  usernameTaken: 'register.messages.usernameTaken',
  emailInvalid: 'register.messages.emailInvalid',
  emailTaken: 'register.messages.emailTaken',
  passwordMismatch: 'register.messages.passwordMismatch',
  passwordWeakAccept: 'register.messages.passwordWeakAccept',
  newsletterRequired: 'register.messages.newsletterRequired',
  termsRequired: 'register.messages.termsRequired',
  invalidInput: 'register.messages.invalidInput',
  passwordTooShort: 'register.messages.passwordTooShort',
  passwordFloorLength: 'register.messages.passwordFloorLength',
  passwordCommon: 'register.messages.passwordCommon',
  required: 'register.messages.required',
  'upload.requiredFields': 'upload.requiredFields',
  // The account settings' refusals (common/rules/personal-details.ts), translated by their forms.
  invalidBirthDate: 'accountSettings.errors.invalidBirthDate',
  invalidPhone: 'accountSettings.errors.invalidPhone',
  wrongPassword: 'accountSettings.errors.wrongPassword',
  noPasswordSet: 'accountSettings.errors.noPasswordSet',
  sameEmail: 'accountSettings.errors.sameEmail',
  // The payout settings' refusals (common/rules/payouts.ts), translated by the payout forms.
  payoutStatusInvalid: 'payouts.errors.payoutStatusInvalid',
  payoutCurrencyUsdOnly: 'payouts.errors.payoutCurrencyUsdOnly',
  payoutAccountNumberInvalid: 'payouts.errors.payoutAccountNumberInvalid',
  payoutRoutingNumberInvalid: 'payouts.errors.payoutRoutingNumberInvalid',
  payoutRoutingNumberChecksum: 'payouts.errors.payoutRoutingNumberChecksum',
  payoutPaymentMethodRequired: 'payouts.errors.payoutPaymentMethodRequired',
  payoutPaymentMethodTooLong: 'payouts.errors.payoutPaymentMethodTooLong',
  payoutBankNameTooLong: 'payouts.errors.payoutBankNameTooLong',
  payoutAutoPayoutInvalid: 'payouts.errors.payoutAutoPayoutInvalid',
  payoutActiveNeedsAccount: 'payouts.errors.payoutActiveNeedsAccount',
  // The creator settings' refusals (common/rules/creator-profile.ts), translated by that form.
  ...creatorProfileKeys,
} as const;
export type MessageKeyCode = keyof typeof MESSAGE_KEY_TRANSLATIONS;

export const isMessageKeyCode = (value: unknown): value is MessageKeyCode =>
  typeof value === 'string' && Object.hasOwn(MESSAGE_KEY_TRANSLATIONS, value);

/** Parameters of an error's text (already formatted: amounts as money strings). */
export type ErrorParams = Record<string, string | number>;

/** Fills `{{name}}` in a catalogue text; an unknown name stays as written. */
export function fillErrorText(text: string, params: ErrorParams = {}): string {
  return text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** The English text of a code with its params (what the server answers as `error`). */
export const errorText = (code: ErrorCode, params?: ErrorParams): string =>
  fillErrorText(ERROR_CATALOGUE[code].text, params);

/** The code a status gets when the refusal has none of its own. */
export function genericCodeOf(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 410:
      return 'gone';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    case 502:
      return 'bad_gateway';
    case 504:
      return 'gateway_timeout';
    case 503:
      return 'unavailable';
    default:
      return status >= 500 ? 'internal' : 'bad_request';
  }
}
