import { type Kysely, sql } from 'kysely'

/**
 * Paguitos plans (issue 16 part 1): at most one per event, as an admin configures it — the deposit, the
 * number of payments and their spacing, how long before the event the last one falls, the smallest
 * payment. Kept as the plan's JSON, validated by the domain's schema on every write and read, so the
 * schedule rules live in one place (`@palco/domain/instalments/schedule`). An event with a plan is sold
 * with paguitos (`events.installments_enabled`, which the home page's section lists).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('installment_plans')
    .addColumn('event_id', 'uuid', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('plan', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('installment_plans').execute()
}
