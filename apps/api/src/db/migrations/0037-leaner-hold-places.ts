import { type Kysely, sql } from 'kysely'
import { HOLD_PLACES_COMMENT, HOLD_PLACES_SIGNATURE, HOLD_PLACES_SQL } from '../sql/hold-places.js'

/**
 * A leaner `hold_places` (issue 42 part 4, faster holds): the same rule with fewer statements on a hold that
 * is granted. The answer's places, with their zone's name and price, are built in the statement that takes
 * them instead of a second pass over its JSON; the seats not taken are read only when some were not (a
 * refusal); a staff hold skips the per-fan count it never applied. Applied from db/sql/hold-places.ts, as
 * 0033 does, with `create or replace`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(HOLD_PLACES_SQL).execute(db)
  await sql
    .raw(`comment on function ${HOLD_PLACES_SIGNATURE} is '${HOLD_PLACES_COMMENT.replaceAll("'", "''")}'`)
    .execute(db)
}

/**
 * The body before this one is in git (db/sql/hold-places.ts at the commit before 0037); the rule is the same,
 * so going back keeps this body.
 */
export async function down(): Promise<void> {}
