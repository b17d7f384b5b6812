import pg from 'pg';
import { migratePostgres } from '../db/client';

/**
 * With TEST_DATABASE_URL the API tests share one real PostgreSQL database: it is reset once per
 * run and migrated, then tests isolate themselves by creating their own users and items.
 */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
    await client.query('DROP SCHEMA IF EXISTS public CASCADE');
    await client.query('CREATE SCHEMA public');
  } finally {
    await client.end();
  }
  await migratePostgres(url);
}
