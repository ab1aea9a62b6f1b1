import { sql } from 'kysely'
import type { Db } from '../../db/dialect.js'

/** The cheapest statement the database must answer for the process to serve. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db)
}
