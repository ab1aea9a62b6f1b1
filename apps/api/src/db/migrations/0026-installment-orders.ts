import { type Kysely, sql } from 'kysely'

/**
 * Paguitos orders (issue 16 parts 2–6). An INSTALLMENT order keeps the schedule it was bought on (the
 * event's plan may change later; the fan's dates and amounts do not) and the moment its deposit settled and
 * the plan opened — its seats sold and its tickets issued locked. What each instalment's status is follows
 * from the order's settled payments (`@palco/domain/instalments/standing`), so it is not stored.
 * `installment_notices` records each reminder and warning sent, one per (order, instalment, kind): the plan
 * pass may run in every process, and the primary key lets exactly one of them send it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('installment_schedule', 'jsonb').execute()
  await db.schema.alterTable('orders').addColumn('plan_opened_at', 'timestamptz').execute()
  await db.schema
    .createIndex('orders_open_plans')
    .on('orders')
    .column('plan_opened_at')
    .where(sql.ref('status'), '=', 'PENDING')
    .execute()
  await db.schema
    .createTable('installment_notices')
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('installment_notices_pk', ['order_id', 'seq', 'kind'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('installment_notices').execute()
  await db.schema.dropIndex('orders_open_plans').execute()
  await db.schema.alterTable('orders').dropColumn('plan_opened_at').execute()
  await db.schema.alterTable('orders').dropColumn('installment_schedule').execute()
}
