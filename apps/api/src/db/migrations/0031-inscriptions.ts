import { type Kysely, sql } from 'kysely'

/**
 * Inscriptions (issue 17): an event's sign-up form (one definition, filled once per participant), an age rule
 * per category (a price zone: "18 or older on race day"), the participants' answers kept with a reservation
 * while the fan fills them in (a reload or a failed payment loses nothing), and, once the order is placed,
 * one entry per participant — what the organiser exports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('price_zones')
    .addColumn('min_age', 'integer')
    .addColumn('max_age', 'integer')
    .execute()
  await db.schema
    .createTable('inscription_forms')
    .addColumn('event_id', 'uuid', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('definition', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createTable('inscription_drafts')
    .addColumn('hold_id', 'uuid', (c) => c.primaryKey().references('seat_holds.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('participants', 'jsonb', (c) => c.notNull())
    // Set when every participant's answers passed the form's rules: the order may then be placed.
    .addColumn('complete', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createTable('inscription_entries')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('zone_name', 'text', (c) => c.notNull())
    .addColumn('participant_name', 'text', (c) => c.notNull())
    // As validated; a PASSWORD answer is kept only as a hash (never exported).
    .addColumn('answers', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('inscription_entries_order_seq', ['order_id', 'seq'])
    .execute()
  await db.schema
    .createIndex('inscription_entries_event')
    .on('inscription_entries')
    .columns(['event_id', 'created_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('inscription_entries').execute()
  await db.schema.dropTable('inscription_drafts').execute()
  await db.schema.dropTable('inscription_forms').execute()
  await db.schema.alterTable('price_zones').dropColumn('min_age').dropColumn('max_age').execute()
}
