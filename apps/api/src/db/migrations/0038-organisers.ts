import { type Kysely, sql } from 'kysely'

/**
 * Organisers (issue 43 part 1), owned by the organisers module: an event and a tour belong to an organiser,
 * whose staff (`organiser_staff`, one role each: packages/domain/src/organisers/staff-access.ts) see and
 * change only what is theirs. An event or tour with no organiser is the platform's own (everything made before
 * organisers existed), which only platform admins reach; the demo gives its events to organisers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organisers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('organisers_country_slug_uq', ['country', 'slug'])
    .execute()
  await db.schema
    .createTable('organiser_staff')
    .addColumn('organiser_id', 'uuid', (c) => c.notNull().references('organisers.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('added_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('organiser_staff_pk', ['organiser_id', 'user_id'])
    .addCheckConstraint(
      'organiser_staff_role_ck',
      sql`role in ('owner', 'manager', 'box_office', 'check_in', 'read_only')`,
    )
    .execute()
  // Every staff route looks up the asker's memberships.
  await db.schema.createIndex('organiser_staff_user_idx').on('organiser_staff').column('user_id').execute()

  await db.schema
    .alterTable('events')
    .addColumn('organiser_id', 'uuid', (c) => c.references('organisers.id'))
    .execute()
  await db.schema.createIndex('events_organiser_idx').on('events').column('organiser_id').execute()
  await db.schema
    .alterTable('tours')
    .addColumn('organiser_id', 'uuid', (c) => c.references('organisers.id'))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tours').dropColumn('organiser_id').execute()
  await db.schema.dropIndex('events_organiser_idx').ifExists().execute()
  await db.schema.alterTable('events').dropColumn('organiser_id').execute()
  await db.schema.dropTable('organiser_staff').execute()
  await db.schema.dropTable('organisers').execute()
}
