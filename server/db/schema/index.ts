// Every table, for drizzle-kit and for reads that join across modules. Each table is defined,
// and written, only by the module that owns it (the linter enforces the writes).
export * from '../../events/tables';
export * from '../../jobs/tables';
export * from '../../modules/admin/tables';
export * from '../../modules/auth/tables';
export * from '../../modules/billing/entitlement-tables';
export * from '../../modules/billing/gift-tables';
export * from '../../modules/billing/refund-tables';
export * from '../../modules/billing/tables';
export * from '../../modules/blocks/tables';
export * from '../../modules/follows/tables';
export * from '../../modules/health/tables';
export * from '../../modules/items/engagement-tables';
export * from '../../modules/items/tables';
export * from '../../modules/mail/tables';
export * from '../../modules/media/tables';
export * from '../../modules/members/tables';
export * from '../../modules/messages/tables';
export * from '../../modules/payouts/tables';
export * from '../../modules/profiles/tables';
export * from '../../modules/reports/tables';
export * from '../../modules/rss/tables';
export * from '../../modules/users/tables';
export * from '../../secrets/tables';
