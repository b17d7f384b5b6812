// One file per feature; each feature module owns its tables.
export * from './audit';
export * from './billing';
export * from './content';
export * from './entitlements';
export * from './items';
export * from './users';
