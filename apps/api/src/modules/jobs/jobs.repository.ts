import type { DbHandle } from '../../db/dialect.js'

/**
 * How long the oldest due job of each queue has waited, in seconds (since it became due: its start time,
 * or its retry's). pg-boss's own tables (schema `pgboss`), read through the handle's plain-SQL door since
 * they are not in the app's Kysely schema; only the jobs module reads them.
 */
export async function oldestDueAges(handle: DbHandle): Promise<Map<string, number>> {
  const { rows } = await handle.executeSql(
    `select name, extract(epoch from now() - min(start_after))::float8 as age
       from pgboss.job
      where state in ('created', 'retry') and start_after <= now()
      group by name`,
    [],
  )
  return new Map(rows.map((r) => [String(r.name), Number(r.age)]))
}
