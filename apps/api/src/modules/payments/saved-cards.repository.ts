import { sql } from 'kysely'
import type { Db } from '../../db/dialect.js'

export async function insertSavedCard(
  db: Db,
  card: {
    user_id: string
    provider_code: string
    provider_card_id: string
    provider_customer_id: string | null
    brand: string
    last4: string
  },
) {
  // The same card saved again (a retried request) is the same row.
  const known = await db
    .selectFrom('saved_cards')
    .selectAll()
    .where('user_id', '=', card.user_id)
    .where('provider_code', '=', card.provider_code)
    .where('provider_card_id', '=', card.provider_card_id)
    .where('removed_at', 'is', null)
    .executeTakeFirst()
  return known ?? db.insertInto('saved_cards').values(card).returningAll().executeTakeFirstOrThrow()
}

export async function activeCardsOf(db: Db, userId: string, providerCode: string) {
  return db
    .selectFrom('saved_cards')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider_code', '=', providerCode)
    .where('removed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute()
}

export async function findSavedCard(db: Db, id: string) {
  return db.selectFrom('saved_cards').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Marks the card removed; answers the row, or none if not theirs. */
export async function markCardRemoved(trx: Db, userId: string, id: string) {
  const card = await trx
    .updateTable('saved_cards')
    .set({ removed_at: sql`now()` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .returningAll()
    .executeTakeFirst()
  return card
}
