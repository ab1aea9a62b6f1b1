import type { LayoutStatus } from '@palco/domain/seating/layout-editor-contract'
import { assertLayoutMove, assertLayoutStart } from '@palco/domain/seating/layout-lifecycle'
import { type Insertable, sql } from 'kysely'
import type { Db } from '../../db/dialect.js'
import type { LayoutsTable } from '../../db/schema.js'

/** Layout versions as the editor reads and writes them (issue 18); the rules are in layouts.service.ts. */

const summaryColumns = [
  'l.id',
  'l.venue_id',
  'v.name as venue_name',
  'l.name',
  'l.kind',
  'l.version',
  'l.status',
  'l.seat_count',
  'l.updated_at',
] as const

function summaries(db: Db) {
  return db
    .selectFrom('layouts as l')
    .innerJoin('venues as v', 'v.id', 'l.venue_id')
    .select(summaryColumns)
    .select((eb) =>
      eb
        .selectFrom('events as e')
        .select((c) => c.fn.countAll<string>().as('n'))
        .whereRef('e.layout_id', '=', 'l.id')
        .as('event_count'),
    )
}

export async function layoutSummaries(db: Db, country: string) {
  return summaries(db)
    .where('v.country', '=', country)
    .orderBy('v.name')
    .orderBy('l.name')
    .orderBy('l.version', 'desc')
    .execute()
}

export async function layoutSummary(db: Db, layoutId: string) {
  return summaries(db).where('l.id', '=', layoutId).executeTakeFirst()
}

export async function layoutWithData(db: Db, layoutId: string) {
  return summaries(db).select('l.data').where('l.id', '=', layoutId).executeTakeFirst()
}

/** The document as JSON text, never made into objects here: a stadium is a hundred thousand seat arrays. */
export async function layoutWithDataText(db: Db, layoutId: string) {
  return summaries(db)
    .select(sql<string>`l.data::text`.as('data_json'))
    .where('l.id', '=', layoutId)
    .executeTakeFirst()
}

export async function venuesOf(db: Db, country: string) {
  return db
    .selectFrom('venues')
    .select(['id', 'name', 'city', 'country'])
    .where('country', '=', country)
    .orderBy('name')
    .execute()
}

/** The highest version of a layout name at a venue (a new upload of the same name is the next one). */
export async function lastLayoutVersion(trx: Db, venueId: string, name: string): Promise<number> {
  const row = await trx
    .selectFrom('layouts')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('venue_id', '=', venueId)
    .where('name', '=', name)
    .executeTakeFirst()
  return Number(row?.v ?? 0)
}

/**
 * Two saves of the same name at once would both read version n and clash on the unique (venue, name,
 * version) key; a transaction-scoped advisory lock on the pair makes the second wait for the first.
 */
export async function lockLayoutName(trx: Db, venueId: string, name: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`layout:${venueId}:${name}`}))`.execute(trx)
}

/** A new version, a draft or published at once (packages/domain/src/seating/layout-lifecycle.ts). */
export async function insertLayout(
  trx: Db,
  values: Omit<Insertable<LayoutsTable>, 'status' | 'published_at'>,
  status: LayoutStatus,
) {
  assertLayoutStart(status)
  return trx
    .insertInto('layouts')
    .values({ ...values, status, published_at: status === 'PUBLISHED' ? new Date() : null })
    .returning('id')
    .executeTakeFirstOrThrow()
}

/** The row to change, locked, so a save and a publish of the same draft happen one after the other. */
export async function lockLayout(trx: Db, layoutId: string) {
  return trx
    .selectFrom('layouts')
    .select(['id', 'venue_id', 'name', 'status'])
    .where('id', '=', layoutId)
    .forUpdate()
    .executeTakeFirst()
}

/** The same, with the document as JSON text (never parsed here: it goes to the layout worker as it is). */
export async function lockLayoutDocument(trx: Db, layoutId: string) {
  return trx
    .selectFrom('layouts')
    .select(['id', 'status', sql<string>`data::text`.as('data_json')])
    .where('id', '=', layoutId)
    .forUpdate()
    .executeTakeFirst()
}

/** Only a draft is ever written in place: a published version is the inventory of its events. */
export async function updateDraft(
  trx: Db,
  layoutId: string,
  values: { data: string; kind: string; seat_count: number },
): Promise<boolean> {
  const r = await trx
    .updateTable('layouts')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', layoutId)
    .where('status', '=', 'DRAFT')
    .executeTakeFirst()
  return r.numUpdatedRows > 0n
}

/** DRAFT → PUBLISHED; false when the version was not a draft (published meanwhile). */
export async function markPublished(trx: Db, layoutId: string): Promise<boolean> {
  const [from, to]: [LayoutStatus, LayoutStatus] = ['DRAFT', 'PUBLISHED']
  assertLayoutMove(from, to)
  const r = await trx
    .updateTable('layouts')
    .set({ status: to, published_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', layoutId)
    .where('status', '=', from)
    .executeTakeFirst()
  return r.numUpdatedRows > 0n
}
