import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * A column always written with its table (`"items"."creator_id"`). Drizzle leaves the table out
 * of selected expressions when a query reads one table, which would make a correlated subquery
 * compare the inner table's columns with themselves.
 */
export const qualified = (column: Column, table = getTableName(column.table)): SQL =>
  sql`${sql.identifier(table)}.${sql.identifier(column.name)}`;
