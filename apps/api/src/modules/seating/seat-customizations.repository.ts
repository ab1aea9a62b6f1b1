import type { Db } from '../../db/dialect.js'

/** A fan's saved seat preferences row, if they saved any. */
export async function findPreferences(db: Db, userId: string) {
  return db
    .selectFrom('seat_customizations')
    .select(['preferred_sections', 'prefer_aisle'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

export async function upsertPreferences(
  db: Db,
  userId: string,
  prefs: { preferredSections: string[]; preferAisle: boolean },
): Promise<void> {
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
}
