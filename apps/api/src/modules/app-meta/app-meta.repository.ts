import type { Db } from '../../db/dialect.js'

// Instance-wide values kept in `app_meta` (a key, a value): secrets a process makes on its first start.

export async function findMetaValue(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst()
  return row?.value
}

/** Stores `value` under `key` unless one is there already (then nothing changes). */
export async function offerMetaValue(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('app_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
}
