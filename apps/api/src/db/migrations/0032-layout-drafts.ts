import { type Kysely, sql } from 'kysely'

/**
 * Layout versions (issue 18): a layout row is one version of a venue's plan. The editor saves a DRAFT in place
 * until it is published; a PUBLISHED version never changes, because events point at it and their seats were
 * made from it. Every layout stored before the editor existed was an imported, usable plan: published. Rows
 * written without a status (seed data, the API import) are published at once; editor drafts say DRAFT.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('layouts')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PUBLISHED'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('published_at', 'timestamptz', (c) => c.defaultTo(sql`now()`))
    .execute()
  await sql`update layouts set published_at = created_at`.execute(db)
  await sql`alter table layouts add constraint layouts_status_ck check (status in ('DRAFT', 'PUBLISHED'))`.execute(
    db,
  )
  // Publishing is a single guarded update; a published version is never written again (see layouts.repository).
  await sql`alter table layouts add constraint layouts_published_at_ck check ((status = 'PUBLISHED') = (published_at is not null))`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table layouts drop constraint layouts_published_at_ck, drop constraint layouts_status_ck`.execute(
    db,
  )
  await db.schema
    .alterTable('layouts')
    .dropColumn('published_at')
    .dropColumn('updated_at')
    .dropColumn('status')
    .execute()
}
