import { type Kysely, sql } from 'kysely'

/**
 * Presales by bank card (issue 42 part 2). A tier (price zone) may carry a presale rule: its sponsor, the
 * BIN ranges and the card types it takes (packages/domain/src/checkout/presale.ts); null for an ordinary tier.
 *
 * The sandbox provider keeps what it learnt when it tokenized a card — the BIN (first 8 digits), the card
 * type, the brand and the last 4; never the number or the security code — so that, like a real provider, it
 * can describe a token it issued when the server asks. A token not in its books is one it cannot describe.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('price_zones').addColumn('presale', 'jsonb').execute()
  await db.schema
    .createTable('sandbox_card_tokens')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('bin', 'text', (c) => c.notNull())
    .addColumn('card_type', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_card_tokens').ifExists().execute()
  await db.schema.alterTable('price_zones').dropColumn('presale').execute()
}
