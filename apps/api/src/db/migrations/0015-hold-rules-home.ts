import { type Kysely, sql } from 'kysely'

/**
 * Says, in the database, where the rules `hold_places` applies come from (issue 14 part 4): a newcomer reading
 * the function finds the domain file that names them, and the three places that must change with them.
 */
const SIGNATURE = 'hold_places(uuid, uuid, int, boolean, text[], text[], text[], int[], text, int)'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `comment on function ${SIGNATURE} is 'Takes places for a fan''s hold in one transaction (migration 0009). ` +
        'Its rules live in packages/domain/src/seating/hold-rules.ts: a hold keeps its places p_minutes ' +
        '(HOLD_MINUTES, spec §9), and a place is takeable when AVAILABLE or HELD by a hold whose ' +
        'hold_expires_at <= now() (isPlaceTakeable). The hold statuses that keep places come in as ' +
        "p_holding (HOLDING_STATUSES, packages/domain/src/seating/reservation-lifecycle.ts).'",
    )
    .execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`comment on function ${SIGNATURE} is null`).execute(db)
}
