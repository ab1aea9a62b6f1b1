import { type Kysely, sql } from 'kysely'

/**
 * The events an operator sells at the counter (issue 15 security; docs/decisions.md, Box office). An
 * operator with no row sells every event of the country (a promoter with one box office); once an admin
 * assigns events, the operator sells those only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operator_events')
    .addColumn('operator_user_id', 'uuid', (c) => c.notNull())
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id'))
    .addColumn('assigned_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('operator_events_pk', ['operator_user_id', 'event_id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operator_events').execute()
}
