import { type Kysely, sql } from 'kysely'

/**
 * Accounts (issue 3). The four auth_* tables are the auth library's own schema (its column names,
 * camelCase, quoted), so the library reads and writes them unchanged; `fans` is ours and holds the
 * person's details, linked to an auth user once they have credentials (a pre-registered fan has none).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table "auth_users" (
    "id" uuid default gen_random_uuid() not null primary key,
    "name" text not null,
    "email" text not null unique,
    "emailVerified" boolean not null,
    "image" text,
    "createdAt" timestamptz default CURRENT_TIMESTAMP not null,
    "updatedAt" timestamptz default CURRENT_TIMESTAMP not null,
    "phoneNumber" text unique,
    "phoneNumberVerified" boolean,
    "role" text
  )`.execute(db)
  await sql`create table "auth_sessions" (
    "id" uuid default gen_random_uuid() not null primary key,
    "expiresAt" timestamptz not null,
    "token" text not null unique,
    "createdAt" timestamptz default CURRENT_TIMESTAMP not null,
    "updatedAt" timestamptz not null,
    "ipAddress" text,
    "userAgent" text,
    "userId" uuid not null references "auth_users" ("id") on delete cascade
  )`.execute(db)
  await sql`create table "auth_accounts" (
    "id" uuid default gen_random_uuid() not null primary key,
    "accountId" text not null,
    "providerId" text not null,
    "userId" uuid not null references "auth_users" ("id") on delete cascade,
    "accessToken" text,
    "refreshToken" text,
    "idToken" text,
    "accessTokenExpiresAt" timestamptz,
    "refreshTokenExpiresAt" timestamptz,
    "scope" text,
    "password" text,
    "createdAt" timestamptz default CURRENT_TIMESTAMP not null,
    "updatedAt" timestamptz not null
  )`.execute(db)
  await sql`create table "auth_verifications" (
    "id" uuid default gen_random_uuid() not null primary key,
    "identifier" text not null,
    "value" text not null,
    "expiresAt" timestamptz not null,
    "createdAt" timestamptz default CURRENT_TIMESTAMP not null,
    "updatedAt" timestamptz default CURRENT_TIMESTAMP not null
  )`.execute(db)
  await sql`create index "auth_sessions_userId_idx" on "auth_sessions" ("userId")`.execute(db)
  await sql`create index "auth_accounts_userId_idx" on "auth_accounts" ("userId")`.execute(db)
  await sql`create index "auth_verifications_identifier_idx" on "auth_verifications" ("identifier")`.execute(
    db,
  )

  await db.schema
    .createTable('fans')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.unique().references('auth_users.id').onDelete('set null'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    // Null after the account is deleted: the row stays for the orders accounting must keep.
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('phone_prefix', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('document_type', 'text')
    .addColumn('document_number', 'text')
    .addColumn('gender', 'text')
    .addColumn('birth_date', 'date')
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('registration_status', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('fans_phone_uq', ['phone_prefix', 'phone_number'])
    .addUniqueConstraint('fans_document_uq', ['document_type', 'document_number'])
    .execute()

  // Each send or failed try leaves a row; throttles count rows in a window (no drifting counters).
  await db.schema
    .createTable('auth_attempts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('auth_attempts_lookup_idx')
    .on('auth_attempts')
    .columns(['kind', 'subject', 'created_at'])
    .execute()

  // DESIGN §5: mail and SMS go through a table first, so a crash never loses one and a retry never doubles.
  await db.schema
    .createTable('outbox_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('outbox_pending_idx')
    .on('outbox_messages')
    .columns(['status', 'created_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'outbox_messages',
    'auth_attempts',
    'fans',
    'auth_verifications',
    'auth_accounts',
    'auth_sessions',
    'auth_users',
  ]) {
    await db.schema.dropTable(t).ifExists().execute()
  }
}
