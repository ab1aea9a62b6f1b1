import { type Kysely, sql } from 'kysely'

/**
 * Saved cards (issue 16 part 3): a fan's card kept at the provider — its id there, never card data — to
 * charge a paguitos plan's instalments on their due dates. A removed card keeps its row (past payments name
 * it) with `removed_at` set. An order charged automatically names its card (`orders.saved_card_id`); each
 * automatic charge is claimed once per (order, instalment, attempt) in `installment_charges`, so a pass that
 * runs twice, or in two processes, never charges an attempt twice (the provider also gets the attempt's
 * idempotency key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_cards')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('provider_code', 'text', (c) => c.notNull())
    .addColumn('provider_card_id', 'text', (c) => c.notNull())
    .addColumn('provider_customer_id', 'text')
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('removed_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('saved_cards_user').on('saved_cards').column('user_id').execute()
  await db.schema
    .alterTable('orders')
    .addColumn('saved_card_id', 'uuid', (c) => c.references('saved_cards.id'))
    .execute()
  await db.schema
    .alterTable('payments')
    .addColumn('saved_card_id', 'uuid', (c) => c.references('saved_cards.id'))
    .execute()
  await db.schema
    .createTable('installment_charges')
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('payment_id', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('installment_charges_pk', ['order_id', 'seq', 'attempt'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('installment_charges').execute()
  await db.schema.alterTable('payments').dropColumn('saved_card_id').execute()
  await db.schema.alterTable('orders').dropColumn('saved_card_id').execute()
  await db.schema.dropTable('saved_cards').execute()
}
