// One file per feature; each feature module owns its tables.
export * from './audit';
