import { z } from 'zod';
import * as account from '../../../common/schemas/account';
import * as admin from '../../../common/schemas/admin';
import * as ai from '../../../common/schemas/ai';
import * as auditEvent from '../../../common/schemas/audit-event';
import * as auth from '../../../common/schemas/auth';
import * as billing from '../../../common/schemas/billing';
import * as blocks from '../../../common/schemas/blocks';
import * as creatorProfile from '../../../common/schemas/creator-profile';
import * as dashboard from '../../../common/schemas/dashboard';
import * as discounts from '../../../common/schemas/discounts';
import * as feed from '../../../common/schemas/feed';
import * as feeds from '../../../common/schemas/feeds';
import * as follows from '../../../common/schemas/follows';
import * as gifts from '../../../common/schemas/gifts';
import * as health from '../../../common/schemas/health';
import * as hub from '../../../common/schemas/hub';
import * as itemStats from '../../../common/schemas/item-stats';
import * as items from '../../../common/schemas/items';
import * as mail from '../../../common/schemas/mail';
import * as media from '../../../common/schemas/media';
import * as members from '../../../common/schemas/members';
import * as messages from '../../../common/schemas/messages';
import * as newsletter from '../../../common/schemas/newsletter';
import * as payouts from '../../../common/schemas/payouts';
import * as plans from '../../../common/schemas/plans';
import * as reports from '../../../common/schemas/reports';
import * as site from '../../../common/schemas/site';
import * as tips from '../../../common/schemas/tips';
import * as trials from '../../../common/schemas/trials';
import * as transactions from '../../../common/schemas/transactions';
import * as users from '../../../common/schemas/users';

/** Every file of common/schemas, by file name (a test holds this to the folder). */
export const SCHEMA_MODULES: Record<string, Record<string, unknown>> = {
  account,
  admin,
  ai,
  'audit-event': auditEvent,
  auth,
  billing,
  blocks,
  'creator-profile': creatorProfile,
  dashboard,
  discounts,
  feed,
  feeds,
  follows,
  gifts,
  health,
  hub,
  'item-stats': itemStats,
  items,
  mail,
  media,
  members,
  messages,
  newsletter,
  payouts,
  plans,
  reports,
  site,
  tips,
  transactions,
  trials,
  users,
};

/**
 * The shared schemas under their exported names, so the OpenAPI document holds them once as
 * components and a generated client gets named types. A registry of its own, not zod's global
 * one: nothing else that turns schemas into JSON Schema (the AI adapters) sees these ids.
 * The transform names a schema's request form `<name>Input`, so an export `<name>Input` whose
 * `<name>` is also exported stays unnamed (inline) rather than take that name.
 */
export function namedSchemas(): z.core.$ZodRegistry<{ id?: string }> {
  const registry = z.registry<{ id?: string }>();
  const exported = new Map<string, z.ZodType>();
  for (const module of Object.values(SCHEMA_MODULES)) {
    for (const [name, value] of Object.entries(module)) {
      if (value instanceof z.ZodType && /^[A-Z]/.test(name) && !exported.has(name)) {
        exported.set(name, value);
      }
    }
  }
  const named = new Set<z.ZodType>();
  for (const [name, schema] of exported) {
    // An alias (`LocalCancelResponse = LocalPayResponse`) keeps the first name.
    if (named.has(schema)) continue;
    if (name.endsWith('Input') && exported.has(name.slice(0, -'Input'.length))) continue;
    registry.add(schema, { id: name });
    named.add(schema);
  }
  return registry;
}
