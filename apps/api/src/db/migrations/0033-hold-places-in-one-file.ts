import { type Kysely, sql } from 'kysely'
import { HOLD_PLACES_COMMENT, HOLD_PLACES_SIGNATURE, HOLD_PLACES_SQL } from '../sql/hold-places.js'

/**
 * The hold rule in one file (issue 41 part 5): `hold_places` was made by migration 0009 and changed by 0020,
 * which rewrote its own `pg_get_functiondef`, so no file showed its current body. That body now lives in
 * db/sql/hold-places.ts and is applied from there, with `create or replace`: the function keeps its identity,
 * and what it does is exactly what 0009 and 0020 left (the staff exemption from the per-fan maximum
 * included). Its comment (0015) now points to that file.
 */
const COMMENT_OF_0015 =
  "Takes places for a fan's hold in one transaction (migration 0009). " +
  'Its rules live in packages/domain/src/seating/hold-rules.ts: a hold keeps its places p_minutes ' +
  '(HOLD_MINUTES, spec §9), and a place is takeable when AVAILABLE or HELD by a hold whose ' +
  'hold_expires_at <= now() (isPlaceTakeable). The hold statuses that keep places come in as ' +
  'p_holding (HOLDING_STATUSES, packages/domain/src/seating/reservation-lifecycle.ts).'

const comment = (db: Kysely<unknown>, text: string) =>
  sql.raw(`comment on function ${HOLD_PLACES_SIGNATURE} is '${text.replaceAll("'", "''")}'`).execute(db)

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(HOLD_PLACES_SQL).execute(db)
  await comment(db, HOLD_PLACES_COMMENT)
}

/** The body applied is the one 0020 left, so going back only restores the comment. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await comment(db, COMMENT_OF_0015)
}
