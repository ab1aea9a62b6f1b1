import type { Scope } from '@palco/domain/organisers/staff-access'
import { sql } from 'kysely'
import type { Db } from '../../db/dialect.js'
import { inScope } from '../../db/scope.js'

/**
 * The country's events that have not started, soonest first, with their paguitos plan where one is set and
 * their cheapest paid price (an example total for the plan's preview).
 */
export async function upcomingEventsWithPlan(db: Db, country: string, scope: Scope, limit: number) {
  return db
    .selectFrom('events as e')
    .leftJoin('installment_plans as p', 'p.event_id', 'e.id')
    .select(['e.id', 'e.name', 'e.starts_at', 'e.currency', 'p.plan'])
    .select((eb) =>
      eb
        .selectFrom('price_zones as z')
        .whereRef('z.event_id', '=', 'e.id')
        // A free tier (a courtesy race category) is not bought in installments.
        .where('z.price_amount', '>', 0)
        .select((e2) => e2.fn.min('z.price_amount').as('n'))
        .as('lowest_price'),
    )
    .where('e.country', '=', country)
    .where((eb) => inScope(eb, 'e.organiser_id', scope))
    .where('e.starts_at', '>', new Date())
    .orderBy('e.starts_at')
    .orderBy('e.id')
    .limit(limit)
    .execute()
}

export async function findEventForPlan(db: Db, eventId: string) {
  return db
    .selectFrom('events')
    .select(['id', 'country', 'currency', 'starts_at'])
    .where('id', '=', eventId)
    .executeTakeFirst()
}

/** Saves the plan and marks the event as sold with paguitos, in the caller's transaction. */
export async function upsertPlan(trx: Db, eventId: string, plan: unknown) {
  await trx
    .insertInto('installment_plans')
    .values({ event_id: eventId, plan: JSON.stringify(plan) })
    .onConflict((oc) =>
      oc.column('event_id').doUpdateSet({ plan: JSON.stringify(plan), updated_at: sql`now()` }),
    )
    .execute()
  await trx.updateTable('events').set({ installments_enabled: true }).where('id', '=', eventId).execute()
}

/** Removes the plan: the event is no longer sold with paguitos. Answers whether there was one. */
export async function deletePlan(trx: Db, eventId: string): Promise<boolean> {
  const gone = await trx.deleteFrom('installment_plans').where('event_id', '=', eventId).executeTakeFirst()
  await trx.updateTable('events').set({ installments_enabled: false }).where('id', '=', eventId).execute()
  return Number(gone.numDeletedRows) > 0
}

/** The event's stored plan, as saved (the service reads it through the domain's schema). */
export async function findPlan(db: Db, eventId: string) {
  return db.selectFrom('installment_plans').select('plan').where('event_id', '=', eventId).executeTakeFirst()
}
