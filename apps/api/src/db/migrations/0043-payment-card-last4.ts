import { type Kysely, sql } from 'kysely'

/**
 * The paying card's last four digits on a card payment, as its provider answered them (issue 43 part 3), owned
 * by the payments module: support and organisers find an order by them ("the one paid with the card ending
 * 4242"). Never more of the card than that; null where the provider did not say. The partial index serves the
 * search by those digits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('card_last4', 'text').execute()
  await db.schema
    .createIndex('payments_card_last4_idx')
    .on('payments')
    .columns(['card_last4', 'order_id'])
    .where(sql.ref('card_last4'), 'is not', null)
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payments_card_last4_idx').ifExists().execute()
  await db.schema.alterTable('payments').dropColumn('card_last4').execute()
}
