import type { Scope } from '@palco/domain/organisers/staff-access'
import { type Insertable, sql, type Updateable } from 'kysely'
import type { Db } from '../../db/dialect.js'
import type { PromoCodesTable } from '../../db/schema.js'
import { inScope } from '../../db/scope.js'

/** The back office's promo codes (issue 43 part 5): the orders module owns `promo_codes` (DESIGN §4.7). */

export type PromoCodeRow = NonNullable<Awaited<ReturnType<typeof lockPromoCode>>>

export interface PromoFilter {
  eventId?: string | undefined
  /** Part of the code, upper-cased; `%` and `_` are matched as themselves. */
  q?: string | undefined
  batchId?: string | undefined
}

function pageQuery(db: Db, country: string, scope: Scope, f: PromoFilter) {
  let q = db
    .selectFrom('promo_codes as p')
    .where('p.country', '=', country)
    .where((eb) => inScope(eb, 'p.organiser_id', scope))
  if (f.eventId) q = q.where(sql<boolean>`${f.eventId}::uuid = any(p.event_ids)`)
  if (f.batchId) q = q.where('p.batch_id', '=', f.batchId)
  if (f.q) {
    const pattern = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    q = q.where('p.code', 'like', pattern)
  }
  return q
}

/** One page of the scope's codes of a country, newest first, and how many there are in all. */
export async function promoCodePage(
  db: Db,
  country: string,
  scope: Scope,
  filter: PromoFilter,
  page: { offset: number; limit: number },
) {
  const rows = await pageQuery(db, country, scope, filter)
    .selectAll('p')
    .orderBy('p.created_at', 'desc')
    .orderBy('p.code')
    .offset(page.offset)
    .limit(page.limit)
    .execute()
  const count = await pageQuery(db, country, scope, filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  return { rows, total: Number(count.n) }
}

/** A new code, or none when the country already has this code (its unique index). */
export async function insertPromoCode(trx: Db, values: Insertable<PromoCodesTable>) {
  return trx
    .insertInto('promo_codes')
    .values(values)
    .onConflict((oc) => oc.columns(['country', 'code']).doNothing())
    .returningAll()
    .executeTakeFirst()
}

/** Many new codes in one statement; answers the codes written (a code the country has already is skipped). */
export async function insertPromoCodes(trx: Db, values: Insertable<PromoCodesTable>[]) {
  const rows = await trx
    .insertInto('promo_codes')
    .values(values)
    .onConflict((oc) => oc.columns(['country', 'code']).doNothing())
    .returning('code')
    .execute()
  return rows.map((r) => r.code)
}

/** A code under its row lock: a redemption (`redeemPromo`) waits until the change commits. */
export async function lockPromoCode(trx: Db, id: string) {
  return trx.selectFrom('promo_codes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

export async function updatePromoCode(
  trx: Db,
  id: string,
  set: Pick<
    Updateable<PromoCodesTable>,
    'max_uses' | 'max_uses_per_fan' | 'starts_at' | 'ends_at' | 'active'
  >,
) {
  return trx.updateTable('promo_codes').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow()
}

/** Whether any order ever named the code, whatever became of it (orders keep their code for the record). */
export async function promoCodeHasOrders(db: Db, id: string) {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('promo_id', '=', id)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

export async function deletePromoCode(trx: Db, id: string) {
  await trx.deleteFrom('promo_codes').where('id', '=', id).execute()
}

/** The batch's codes, in the order of their codes. */
export async function promoCodesOfBatch(db: Db, batchId: string) {
  return db.selectFrom('promo_codes').selectAll().where('batch_id', '=', batchId).orderBy('code').execute()
}

/** The country's events among these ids, with their organiser. */
export async function eventOwners(db: Db, country: string, ids: readonly string[]) {
  if (ids.length === 0) return []
  return db
    .selectFrom('events')
    .select(['id', 'organiser_id'])
    .where('country', '=', country)
    .where('id', 'in', [...ids])
    .execute()
}

/** The tiers (price zones) of these events. */
export async function zonesOfEvents(db: Db, eventIds: readonly string[]) {
  if (eventIds.length === 0) return []
  return db
    .selectFrom('price_zones')
    .select(['id', 'event_id', 'name'])
    .where('event_id', 'in', [...eventIds])
    .orderBy('event_id')
    .orderBy('position')
    .execute()
}

/** The scope's events of a country that are not cancelled, soonest first. */
export async function eventsInScope(db: Db, country: string, scope: Scope) {
  return db
    .selectFrom('events as e')
    .select(['e.id', 'e.name', 'e.starts_at', 'e.status'])
    .where('e.country', '=', country)
    .where('e.status', '!=', 'CANCELLED')
    .where((eb) => inScope(eb, 'e.organiser_id', scope))
    .orderBy('e.starts_at')
    .orderBy('e.name')
    .execute()
}
