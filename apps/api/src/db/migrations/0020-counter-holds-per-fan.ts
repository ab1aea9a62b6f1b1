import { type Kysely, sql } from 'kysely'

/**
 * A zone's per-fan maximum is a limit on what one person buys (spec §3), but `hold_places` counted every
 * place held or sold through a hold of `p_user`. At the box office `p_user` is the operator, who sells to
 * one person after another: past the maximum of a zone (10 on most events) the counter could not hold one
 * more seat there for the rest of the event (found by bench/box-office). Staff holds (`p_allow_exclusive`,
 * passed as `Holder.staff`) are no longer checked against it; fans' holds are checked as before.
 *
 * The function is rewritten from its own definition, changing only that condition, so the rest of it
 * (migration 0009) and its comment (0015) stay exactly as they are.
 */
const SIGNATURE = 'hold_places(uuid, uuid, int, boolean, text[], text[], text[], int[], text, int)'
const FAN_CHECK = 'where z.per_fan_max is not null and z.n > z.per_fan_max'
const FAN_ONLY_CHECK = `${FAN_CHECK} and not p_allow_exclusive`

async function rewrite(db: Kysely<unknown>, from: string, to: string) {
  const { rows } = await sql<{ def: string }>`
    select pg_get_functiondef(${SIGNATURE}::regprocedure) as def`.execute(db)
  const def = rows[0]?.def ?? ''
  if (!def.includes(from)) throw new Error(`${SIGNATURE} does not have the condition this migration changes`)
  await sql.raw(def.replace(from, to)).execute(db)
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, FAN_CHECK, FAN_ONLY_CHECK)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, FAN_ONLY_CHECK, FAN_CHECK)
}
