import type { Db } from '../../db/dialect.js'
import { findPreferences, upsertPreferences } from './seat-customizations.repository.js'

/** What best available leans toward for a fan (spec §7 /api/fans/seat-customizations). */
export interface SeatPreferences {
  preferredSections: string[]
  preferAisle: boolean
}

/** A fan who saved nothing prefers nothing: no sections, no aisle. */
export async function preferencesOf(db: Db, userId: string): Promise<SeatPreferences> {
  const row = await findPreferences(db, userId)
  return { preferredSections: row?.preferred_sections ?? [], preferAisle: row?.prefer_aisle ?? false }
}

/** Saving replaces what the fan had saved; the answer is what is now saved. */
export async function savePreferences(
  db: Db,
  userId: string,
  prefs: SeatPreferences,
): Promise<SeatPreferences> {
  await upsertPreferences(db, userId, prefs)
  return prefs
}
