// Backups of the embedded database while the server runs (issue 18; the CLI is server/ops/backup.ts).
export { backupRoutes, BACKUP_KEY_HEADER } from './routes';
