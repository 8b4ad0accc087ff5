import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The one address of the account: it signs in with it and Cadence writes to it. */
    email: varchar('email', { length: 254 }).notNull(),
    /** When the owner opened a link sent to `email` (null: not proven yet). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** An address the owner asked to change to; it applies once a link sent there is opened. */
    pendingEmail: varchar('pending_email', { length: 254 }),
    password: text('password').notNull(),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    profileImageUrl: text('profile_image_url'),
    companyName: varchar('company_name', { length: 100 }),
    companyType: varchar('company_type', { length: 32 }),
    companySlug: varchar('company_slug', { length: 50 }),
    companyDescription: varchar('company_description', { length: 500 }),
    companyLogoUrl: text('company_logo_url'),
    onboardingCompleted: text('onboarding_completed').notNull().default('false'),
    isAdmin: text('is_admin').notNull().default('false'),
    /** The subscription plan id (src/shared/plans.ts); every account starts on the free plan. */
    plan: varchar('plan', { length: 32 }).notNull().default('spin-starter'),
    phone: varchar('phone', { length: 32 }),
    notifyEmail: boolean('notify_email').notNull().default(true),
    notifyStudentActivity: boolean('notify_student_activity').notNull().default(true),
    notifyWeeklyReports: boolean('notify_weekly_reports').notNull().default(true),
    /** IANA time zone of the weekly report's Monday morning and the digest's day (Settings). */
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('UTC'),
    brandPrimaryColor: varchar('brand_primary_color', { length: 7 }).notNull().default('#ff4500'),
    brandSecondaryColor: varchar('brand_secondary_color', { length: 7 })
      .notNull()
      .default('#1a1a1a'),
    /** A host name whose requests get this gym's public page (plans with a custom domain). */
    customDomain: varchar('custom_domain', { length: 253 }),
    /** The per-domain token the owner publishes as a DNS TXT record to prove the domain is theirs. */
    customDomainToken: varchar('custom_domain_token', { length: 64 }),
    /** When the domain was saved (its verification pending since then). */
    customDomainAddedAt: timestamp('custom_domain_added_at', { withTimezone: true }),
    /** When the TXT record was found: only a verified domain serves the gym page. */
    customDomainVerifiedAt: timestamp('custom_domain_verified_at', { withTimezone: true }),
    /** Full customization (Elite Studio): the public page's hero image, a stored file's address. */
    heroImageUrl: text('hero_image_url'),
    /** Full customization (Elite Studio): the public page's display font (branding.contract's list). */
    displayFont: varchar('display_font', { length: 32 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_company_slug_key').on(t.companySlug),
    /** One gym per verified domain; an unverified claim reserves nothing (first verified wins). */
    uniqueIndex('users_verified_custom_domain_key')
      .on(sql`lower(${t.customDomain})`)
      .where(sql`${t.customDomainVerifiedAt} is not null`),
    /** The admin search by company (ILIKE '%…%'), through pg_trgm. */
    index('users_company_name_trgm_idx').using('gin', t.companyName.op('gin_trgm_ops')),
  ],
);

/** Slugs an owner used before: old public links keep leading to the gym, and no one else takes them. */
export const slugRedirects = pgTable('slug_redirects', {
  slug: varchar('slug', { length: 50 }).primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
