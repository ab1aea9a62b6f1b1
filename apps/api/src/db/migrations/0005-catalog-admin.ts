import { type Kysely, sql } from 'kysely'

/** Back-office writes (issue 4 part 3): an audit trail of who changed what, and courtesy zones. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('actor_user_id', 'uuid')
    .addColumn('actor_email', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'uuid')
    .addColumn('changes', 'jsonb', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('audit_log_entity_idx')
    .on('audit_log')
    .columns(['entity', 'entity_id', 'at'])
    .execute()
  // A courtesy zone may cost nothing; every other zone must cost something.
  await db.schema
    .alterTable('price_zones')
    .addColumn('courtesy', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('price_zones').dropColumn('courtesy').execute()
  await db.schema.dropTable('audit_log').ifExists().execute()
}
