import type { Db } from '../../db/dialect.js'

export interface SeatPreferences {
  preferredSections: string[]
  preferAisle: boolean
}

export async function preferencesOf(db: Db, userId: string): Promise<SeatPreferences> {
  const row = await db
    .selectFrom('seat_customizations')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return { preferredSections: row?.preferred_sections ?? [], preferAisle: row?.prefer_aisle ?? false }
}

export async function savePreferences(
  db: Db,
  userId: string,
  prefs: SeatPreferences,
): Promise<SeatPreferences> {
  await db
    .insertInto('seat_customizations')
    .values({ user_id: userId, preferred_sections: prefs.preferredSections, prefer_aisle: prefs.preferAisle })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        preferred_sections: prefs.preferredSections,
        prefer_aisle: prefs.preferAisle,
        updated_at: new Date(),
      }),
    )
    .execute()
  return prefs
}
