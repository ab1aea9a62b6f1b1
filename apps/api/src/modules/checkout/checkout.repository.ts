import { sql } from 'kysely'
import type { Db } from '../../db/dialect.js'

/** DESIGN §5: a hot spot (a popular promo code's row) fails fast instead of queueing without end. */
export async function failFastOnLocks(trx: Db) {
  await sql`set local lock_timeout = '3s'`.execute(trx)
}
