import type { Db } from '../../db/dialect.js'

/** The event's status, read in the settling transaction (a late payment for a cancelled event goes back). */
export async function eventStatus(trx: Db, eventId: string) {
  const row = await trx.selectFrom('events').select('status').where('id', '=', eventId).executeTakeFirst()
  return row?.status
}
