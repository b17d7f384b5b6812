import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { NEW_ACCOUNT_ROLE, ROLES, type Role } from '../../../common/rules/roles';
import { MAIL_LOCALES, type MailLocale } from '../../../common/rules/locales';
import { USER_STATUSES, type UserStatus } from '../../../common/schemas/users';
import { inList } from '../../db/checks';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** When the owner proved they read mail at `email` (issue 16); null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The language of the mails the account receives (en, es, de). */
    locale: text('locale').$type<MailLocale>().notNull().default('en'),
    /** null for accounts that only ever signed in through Google. */
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    role: text('role').$type<Role>().notNull().default(NEW_ACCOUNT_ROLE),
    /** active | suspended | deleted: anything but active stops every token at once. */
    status: text('status').$type<UserStatus>().notNull().default('active'),
    /** Bumped on logout-everywhere, role change, suspension: tokens carry it and must match. */
    tokenVersion: integer('token_version').notNull().default(0),
    givenName: text('given_name'),
    familyName: text('family_name'),
    birthDate: date('birth_date'),
    phoneNumber: text('phone_number'),
    avatarUrl: text('avatar_url'),
    /** The wide picture at the top of a creator's profile (SPEC §3 bannerImage): a media URL. */
    newsletter: boolean('newsletter').notNull().default(false),
    /**
     * Consent (account settings, off by default) to show this address to the creators the person
     * follows or is a member of, in their member list and its CSV export (issue 42).
     */
    shareEmailWithCreators: boolean('share_email_with_creators').notNull().default(false),
    bio: text('bio'),
    location: text('location'),
    website: text('website'),
    gender: text('gender'),
    displayName: text('display_name'),
    profileImage: text('profile_image'),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * The last request with a live token (SPEC §3 lastOnline), kept to within a few minutes:
     * written at most once per ACTIVITY_INTERVAL_MS per account (./activity.ts).
     */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    /** Failed sign-ins in a row; each one lengthens the wait before the next try is checked. */
    failedLogins: integer('failed_logins').notNull().default(0),
    lastFailedLoginAt: timestamp('last_failed_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_sub_idx').on(t.googleSub),
    index('users_role_idx').on(t.role),
    // The admin users list pages newest first by keyset over (registered_at, id).
    index('users_registered_idx').on(t.registeredAt.desc(), t.id.desc()),
    check('users_role_check', inList(t.role, ROLES)),
    check('users_status_check', inList(t.status, USER_STATUSES)),
    check('users_locale_check', inList(t.locale, MAIL_LOCALES)),
  ],
);

export type UserRow = typeof users.$inferSelect;

/** Tokens ended by logout before their expiry; rows past `expiresAt` can be pruned. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);
