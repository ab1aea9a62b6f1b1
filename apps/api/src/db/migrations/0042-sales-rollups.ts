import { type Kysely, sql } from 'kysely'

/**
 * Organiser dashboards kept by rollups (issue 43 part 6), owned by the dashboards module.
 *
 * - `sales_rollups`: an event's sales per hour of payment, channel, payment method and tier (the zone's name),
 *   in minor units: what the dashboards read, never `orders`.
 * - `sales_contributions`: what each order last added to the rollups (one entry per tier, as JSON). The job
 *   recomputes an order's contribution from its current state and applies only the difference, so running it
 *   twice, or late, changes nothing.
 * - `sales_rollup_marks`: orders whose sale changed (paid, refunded), written in the transaction that moved
 *   the order; the job works them and deletes a mark only if no newer move re-marked it meanwhile
 *   (`version`). A table of our own instead of a pg-boss job sent in that transaction: the order moves in
 *   many flows, and a send inside a transaction needs its queue made ready before it (decisions, "dashboards").
 * - `tickets_event_courtesy_idx`: an event's courtesy tickets by section, for occupancy (few rows).
 * - `ticket_checkins_event_time_idx`: an event's entries in time order, for check-ins per hour.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sales_rollups')
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id'))
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('zone', 'text', (c) => c.notNull())
    .addColumn('orders', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('tickets', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_tickets', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('gross', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('fees', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refunds', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('sales_rollups_pkey', ['event_id', 'hour', 'channel', 'method', 'zone'])
    .execute()
  await db.schema
    .createTable('sales_contributions')
    .addColumn('order_id', 'uuid', (c) => c.primaryKey().references('orders.id'))
    .addColumn('event_id', 'uuid', (c) => c.notNull())
    .addColumn('hour', 'timestamptz')
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('parts', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create sequence sales_rollup_marks_version`.execute(db)
  await db.schema
    .createTable('sales_rollup_marks')
    .addColumn('order_id', 'uuid', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(sql`nextval('sales_rollup_marks_version')`))
    .addColumn('marked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index sales_rollup_marks_due_idx on sales_rollup_marks (marked_at)`.execute(db)
  await sql`create index tickets_event_courtesy_idx on tickets (event_id, section_code) where kind = 'COURTESY'`.execute(
    db,
  )
  await sql`create index ticket_checkins_event_time_idx on ticket_checkins (event_id, checked_in_at)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists ticket_checkins_event_time_idx`.execute(db)
  await sql`drop index if exists tickets_event_courtesy_idx`.execute(db)
  await db.schema.dropTable('sales_rollup_marks').ifExists().execute()
  await sql`drop sequence if exists sales_rollup_marks_version`.execute(db)
  await db.schema.dropTable('sales_contributions').ifExists().execute()
  await db.schema.dropTable('sales_rollups').ifExists().execute()
}
