import type { Db } from '../../db/dialect.js'

/** Organisers and their staff (migration 0038; issue 43 part 1). */

/** A person's memberships: which organisers they work for, and as what. */
export async function membershipsOf(db: Db, userId: string) {
  return db
    .selectFrom('organiser_staff')
    .select(['organiser_id', 'role'])
    .where('user_id', '=', userId)
    .execute()
}

/** The organiser an event belongs to (null: the platform's own), or undefined when there is no such event. */
export async function organiserOfEvent(db: Db, eventId: string) {
  return db
    .selectFrom('events')
    .select(['organiser_id', 'country'])
    .where('id', '=', eventId)
    .executeTakeFirst()
}

export async function eventIdsOfOrganisers(db: Db, organiserIds: readonly string[]): Promise<string[]> {
  if (organiserIds.length === 0) return []
  const rows = await db
    .selectFrom('events')
    .select('id')
    .where('organiser_id', 'in', [...organiserIds])
    .execute()
  return rows.map((r) => r.id)
}

/** The organiser a tour belongs to, or undefined when there is no such tour. */
export async function organiserOfTour(db: Db, tourId: string) {
  return db
    .selectFrom('tours')
    .select(['organiser_id', 'country'])
    .where('id', '=', tourId)
    .executeTakeFirst()
}

export async function findOrganiser(db: Db, organiserId: string) {
  return db.selectFrom('organisers').selectAll().where('id', '=', organiserId).executeTakeFirst()
}

/** A country's organisers, these ones only unless `ids` is null, by name. */
export async function organisersOfCountry(db: Db, country: string, ids: readonly string[] | null) {
  let q = db.selectFrom('organisers').select(['id', 'slug', 'name', 'country']).where('country', '=', country)
  if (ids !== null) {
    if (ids.length === 0) return []
    q = q.where('id', 'in', [...ids])
  }
  return q.orderBy('name').orderBy('id').execute()
}

export async function insertOrganiser(db: Db, row: { country: string; slug: string; name: string }) {
  return db
    .insertInto('organisers')
    .values(row)
    .returning(['id', 'country', 'slug', 'name'])
    .executeTakeFirstOrThrow()
}

/** Gives a person a role at an organiser, or changes the role they have there. */
export async function upsertStaff(db: Db, organiserId: string, userId: string, role: string) {
  await db
    .insertInto('organiser_staff')
    .values({ organiser_id: organiserId, user_id: userId, role })
    .onConflict((oc) => oc.columns(['organiser_id', 'user_id']).doUpdateSet({ role }))
    .execute()
}

/** An organiser's staff with their names and e-mails. */
export async function staffOf(db: Db, organiserId: string) {
  return db
    .selectFrom('organiser_staff as s')
    .innerJoin('auth_users as u', 'u.id', 's.user_id')
    .select(['s.user_id', 's.role', 's.added_at', 'u.name', 'u.email'])
    .where('s.organiser_id', '=', organiserId)
    .orderBy('u.name')
    .orderBy('u.email')
    .execute()
}

export async function removeStaff(db: Db, organiserId: string, userId: string) {
  const r = await db
    .deleteFrom('organiser_staff')
    .where('organiser_id', '=', organiserId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}

/**
 * Locks the organiser's row for the rest of the transaction: changes to one organiser's staff run one at a
 * time, so two owners demoting each other at once cannot leave it with none.
 */
export async function lockOrganiser(trx: Db, organiserId: string) {
  return trx
    .selectFrom('organisers')
    .select(['id', 'country'])
    .where('id', '=', organiserId)
    .forUpdate()
    .executeTakeFirst()
}

/** The roles of an organiser's staff, one per member. */
export async function staffRolesAt(db: Db, organiserId: string) {
  return db
    .selectFrom('organiser_staff')
    .select(['user_id', 'role'])
    .where('organiser_id', '=', organiserId)
    .execute()
}

/** Whether the person has a box-office shift open: a drawer only they can count and close. */
export async function hasOpenShift(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('box_office_shifts')
    .select('id')
    .where('operator_user_id', '=', userId)
    .where('closed_at', 'is', null)
    .executeTakeFirst()
  return row !== undefined
}
