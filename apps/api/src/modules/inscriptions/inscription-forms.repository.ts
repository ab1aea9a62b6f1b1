import type { Db } from '../../db/dialect.js'

/** The storage of inscription forms, their drafts and their entries (migration 0031, issue 17). */

export async function findInscriptionForm(db: Db, eventId: string) {
  const row = await db
    .selectFrom('inscription_forms')
    .select('definition')
    .where('event_id', '=', eventId)
    .executeTakeFirst()
  return row?.definition
}

export async function saveInscriptionForm(db: Db, eventId: string, definition: unknown) {
  await db
    .insertInto('inscription_forms')
    .values({ event_id: eventId, definition: JSON.stringify(definition) })
    .onConflict((oc) =>
      oc.column('event_id').doUpdateSet({ definition: JSON.stringify(definition), updated_at: new Date() }),
    )
    .execute()
}

/** The age rules of some price zones, by zone id. */
export async function ageRulesOfZones(db: Db, zoneIds: readonly string[]) {
  if (zoneIds.length === 0) return new Map<string, { minAge: number | null; maxAge: number | null }>()
  const rows = await db
    .selectFrom('price_zones')
    .select(['id', 'min_age', 'max_age'])
    .where('id', 'in', [...zoneIds])
    .execute()
  return new Map(rows.map((r) => [r.id, { minAge: r.min_age, maxAge: r.max_age }]))
}

/** The event's zones, to check the age rules an organiser sets belong to it. */
export async function zoneIdsOfEvent(db: Db, eventId: string) {
  const rows = await db.selectFrom('price_zones').select('id').where('event_id', '=', eventId).execute()
  return new Set(rows.map((r) => r.id))
}

export async function findInscriptionDraft(db: Db, holdId: string) {
  return db
    .selectFrom('inscription_drafts')
    .select(['participants', 'complete', 'updated_at'])
    .where('hold_id', '=', holdId)
    .executeTakeFirst()
}

export async function saveInscriptionDraft(
  db: Db,
  draft: { holdId: string; userId: string; participants: unknown[]; complete: boolean; at: Date },
) {
  const values = {
    participants: JSON.stringify(draft.participants),
    complete: draft.complete,
    updated_at: draft.at,
  }
  await db
    .insertInto('inscription_drafts')
    .values({ hold_id: draft.holdId, user_id: draft.userId, ...values })
    .onConflict((oc) => oc.column('hold_id').doUpdateSet(values))
    .execute()
}

export async function insertInscriptionEntries(
  trx: Db,
  rows: readonly {
    order_id: string
    event_id: string
    seq: number
    zone_name: string
    participant_name: string
    answers: unknown
  }[],
) {
  if (rows.length === 0) return
  await trx
    .insertInto('inscription_entries')
    .values(rows.map((r) => ({ ...r, answers: JSON.stringify(r.answers) })))
    .execute()
}

/** An event's entries of orders still standing (paid, or waiting for their payment), oldest first. */
/** The entries of an event's orders still standing (what the organiser sees and exports). */
const standingEntries = (db: Db, eventId: string) =>
  db
    .selectFrom('inscription_entries as ie')
    .innerJoin('orders as o', 'o.id', 'ie.order_id')
    .where('ie.event_id', '=', eventId)
    .where('o.status', 'not in', ['CANCELED', 'EXPIRED', 'REFUNDED'])

export async function latestEntriesOfEvent(db: Db, eventId: string, limit: number) {
  const [count, rows] = await Promise.all([
    standingEntries(db, eventId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    standingEntries(db, eventId)
      .select(['o.code', 'o.status', 'ie.zone_name', 'ie.participant_name', 'ie.created_at'])
      .orderBy('ie.created_at', 'desc')
      .orderBy('ie.seq')
      .limit(limit)
      .execute(),
  ])
  return { total: Number(count.n), rows }
}

export async function entriesOfEvent(db: Db, eventId: string) {
  return standingEntries(db, eventId)
    .select([
      'o.code',
      'o.status',
      'ie.seq',
      'ie.zone_name',
      'ie.participant_name',
      'ie.answers',
      'ie.created_at',
    ])
    .orderBy('ie.created_at')
    .orderBy('ie.seq')
    .execute()
}
