import type { Db } from '../db/dialect.js'
import { seatedEvent } from './seating-fixtures.js'

const DAY = 86_400_000

/** A paguitos plan: 25 % now, then two payments ten days apart, the last at least a week before the event. */
export const PLAN = {
  kind: 'PAYMENT',
  deposit: { kind: 'PERCENT', bps: 2500 },
  payments: 2,
  spacingDays: 10,
  lastDueDaysBeforeEvent: 7,
  minPayment: 0,
}

/**
 * A seated event two months away — room for PLAN's dates before it — sold on PLAN unless `plan` is false.
 * Answers the event's id.
 */
export async function eventOnPlan(db: Db, plan = true) {
  const event = await seatedEvent(db)
  await db
    .updateTable('events')
    .set({ starts_at: new Date(Date.now() + 60 * DAY), ends_at: new Date(Date.now() + 60 * DAY + 7_200_000) })
    .where('id', '=', event.id)
    .execute()
  if (plan)
    await db
      .insertInto('installment_plans')
      .values({ event_id: event.id, plan: JSON.stringify(PLAN) })
      .execute()
  return event.id
}
