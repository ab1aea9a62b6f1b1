import type { Db } from '../../db/dialect.js'
import { findMetaValue, offerMetaValue } from './app-meta.repository.js'

/**
 * The value kept under `key`, made by `make` on the instance's first start: the first one stored wins, so
 * processes starting together agree on one (the development session secret, the ticket signing key). A
 * value already stored is read without making a new one.
 */
export async function keptValue(db: Db, key: string, make: () => string): Promise<string> {
  const stored = await findMetaValue(db, key)
  if (stored !== undefined) return stored
  await offerMetaValue(db, key, make())
  const kept = await findMetaValue(db, key)
  if (kept === undefined) throw new Error(`${key} was not stored`)
  return kept
}
