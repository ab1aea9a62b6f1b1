import { DomainError } from '@palco/domain/errors/domain-error'
import type { Layout } from '@palco/domain/seating/layout'
import {
  type PreparedLayout,
  prepareLayoutDocument,
  type StoredLayoutColumns,
  storedColumnsOf,
} from '@palco/domain/seating/layout-document'
import type {
  CreateLayoutBody,
  ImportLayoutBody,
  LayoutList,
  LayoutStatus,
  LayoutSummary,
} from '@palco/domain/seating/layout-editor-contract'
import { readLayoutImport } from '@palco/domain/seating/layout-import'
import type { LayoutProblem } from '@palco/domain/seating/layout-validation'
import type { LayoutKind } from '@palco/domain/seating/layout-vocabulary'
import type { Db } from '../../db/dialect.js'
import { venueCountry } from './admin.repository.js'
import { ruleBroken } from './admin.service.js'
import { type Actor, audit } from './audit.js'
import { PreparedDocument, runLayoutJobOffThread } from './layout-worker.js'
import {
  insertLayout,
  lastLayoutVersion,
  layoutSummaries,
  layoutSummary,
  layoutWithData,
  layoutWithDataText,
  lockLayout,
  lockLayoutDocument,
  lockLayoutName,
  markPublished,
  updateDraft,
  venuesOf,
} from './layouts.repository.js'

/**
 * Layout versions (issue 18, spec §1 back-office editor). A layout row is one version of a venue's plan:
 * drafts are saved in place; publishing is one guarded update; a published version is never written again
 * (its events' seats were made from it), so saving it makes the next version as a new draft. Events keep
 * the version they were created on, so a seat with a sold ticket can never disappear from an event's map.
 */

type SummaryRow = NonNullable<Awaited<ReturnType<typeof layoutSummary>>>

const summaryOf = (r: SummaryRow): LayoutSummary => ({
  id: r.id,
  venueId: r.venue_id,
  venueName: r.venue_name,
  name: r.name,
  kind: r.kind as LayoutKind,
  version: r.version,
  status: r.status as LayoutStatus,
  seatCount: r.seat_count,
  updatedAt: new Date(r.updated_at).toISOString(),
  eventCount: Number(r.event_count ?? 0),
})

/**
 * The document ready to store: prepared off the event loop by the routes' body parser (a PreparedDocument),
 * or here for a small body (layout-worker.ts). The contract, then the text rule an import is held to
 * (markup, text PostgreSQL cannot store, foreign images), so whatever the editor saves imports again from
 * its own export; 422 names the first fields that break either. With `publish`, the publishing check too.
 */
function storableDocument(data: unknown, publish: boolean): StoredLayoutColumns {
  const prepared = data instanceof PreparedDocument ? data.prepared : prepareLayoutDocument(data, { publish })
  return storable(prepared).columns
}

function storable(prepared: PreparedLayout): Extract<PreparedLayout, { kind: 'ok' }> {
  if (prepared.kind === 'invalid') ruleBroken(prepared.breaks)
  if (prepared.kind === 'unpublishable')
    throw new DomainError('LAYOUT_NOT_PUBLISHABLE', { details: { problems: prepared.problems } })
  return prepared
}

async function summaryById(db: Db, layoutId: string): Promise<LayoutSummary> {
  const row = await layoutSummary(db, layoutId)
  if (!row) throw new DomainError('NOT_FOUND', { message: 'No such layout.' })
  return summaryOf(row)
}

export async function layoutList(db: Db, country: string): Promise<LayoutList> {
  const [venues, rows] = await Promise.all([venuesOf(db, country), layoutSummaries(db, country)])
  return { venues, layouts: rows.map(summaryOf) }
}

export async function layoutVersion(db: Db, layoutId: string): Promise<LayoutSummary & { data: Layout }> {
  const row = await layoutWithData(db, layoutId)
  if (!row) throw new DomainError('NOT_FOUND', { message: 'No such layout.' })
  // Stored documents passed the schema when they were saved.
  return { ...summaryOf(row), data: row.data as unknown as Layout }
}

/**
 * The same answer as `layoutVersion`, as JSON text: the document goes from the database to the response
 * as it is stored, instead of becoming 112,000 arrays (the 100,000-seat venue) only to be written out
 * again; opening that venue got 0.1–0.4 s faster (bench/layout-editor).
 */
export async function layoutVersionJson(db: Db, layoutId: string): Promise<string> {
  const row = await layoutWithDataText(db, layoutId)
  if (!row) throw new DomainError('NOT_FOUND', { message: 'No such layout.' })
  const summary = JSON.stringify(summaryOf(row))
  return `${summary.slice(0, -1)},"data":${row.data_json}}`
}

/** Writes the next version of (venue, name); a draft unless `draft` is false. */
async function insertVersion(
  db: Db,
  actor: Actor,
  input: { venueId: string; name: string; columns: StoredLayoutColumns; draft: boolean; action: string },
): Promise<LayoutSummary> {
  const id = await db.transaction().execute(async (trx) => {
    const venue = await venueCountry(trx, input.venueId)
    if (!venue) ruleBroken([{ field: 'venueId', rule: 'unknownVenue' }])
    await lockLayoutName(trx, input.venueId, input.name)
    const version = (await lastLayoutVersion(trx, input.venueId, input.name)) + 1
    const seatCount = input.columns.seat_count
    const status: LayoutStatus = input.draft ? 'DRAFT' : 'PUBLISHED'
    const row = await insertLayout(
      trx,
      { venue_id: input.venueId, name: input.name, ...input.columns, version },
      status,
    )
    await audit(trx, actor, input.action, 'layout', row.id, {
      venueId: input.venueId,
      name: input.name,
      version,
      seatCount,
      status,
    })
    return row.id
  })
  return summaryById(db, id)
}

/**
 * `POST /api/admin/layouts`. Without `draft` the document is published at once, as the import always was;
 * it is then held to the same check as the editor's publish button.
 */
export async function createLayout(db: Db, actor: Actor, input: CreateLayoutBody): Promise<LayoutSummary> {
  const draft = input.draft ?? false
  return insertVersion(db, actor, {
    venueId: input.venueId,
    name: input.name,
    columns: storableDocument(input.data, !draft),
    draft,
    action: 'create',
  })
}

/** A layout.json file chosen by a person: hostile input is refused naming why and where (issue 18 part 5). */
export async function importLayout(db: Db, actor: Actor, input: ImportLayoutBody): Promise<LayoutSummary> {
  const read = readLayoutImport(input.file)
  if (!read.ok) {
    throw new DomainError('LAYOUT_IMPORT_REFUSED', {
      message: read.message,
      details: { reason: read.reason, path: read.path },
    })
  }
  return insertVersion(db, actor, {
    venueId: input.venueId,
    name: input.name,
    columns: storedColumnsOf(read.layout),
    draft: true,
    action: 'import',
  })
}

/**
 * `PUT /api/admin/layouts/:id`: a draft is saved in place under the same id; a published version is never
 * changed, so the document becomes the next version, a new draft (`created`).
 */
export async function saveLayout(
  db: Db,
  actor: Actor,
  layoutId: string,
  data: unknown,
): Promise<{ created: boolean; layout: LayoutSummary }> {
  const columns = storableDocument(data, false)
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await lockLayout(trx, layoutId)
    if (!row) throw new DomainError('NOT_FOUND', { message: 'No such layout.' })
    if (row.status !== 'DRAFT') return { venueId: row.venue_id, name: row.name }
    await updateDraft(trx, layoutId, columns)
    await audit(trx, actor, 'save', 'layout', layoutId, { seatCount: columns.seat_count })
    return null
  })
  if (!outcome) return { created: false, layout: await summaryById(db, layoutId) }
  const next = await insertVersion(db, actor, { ...outcome, columns, draft: true, action: 'create' })
  return { created: true, layout: next }
}

/**
 * `POST /api/admin/layouts/:id/publish`: checked with the editor's own validation (errors block, warnings
 * do not), then one guarded update under the row lock, so a concurrent save cannot slip in between. The
 * new layout's default section, if never used, is left out of the published plan: fans would otherwise
 * see an empty "Sin Sección" under the whole drawing.
 */
export async function publishLayout(
  db: Db,
  actor: Actor,
  layoutId: string,
): Promise<LayoutSummary & { problems: LayoutProblem[] }> {
  const problems = await db.transaction().execute(async (trx) => {
    const row = await lockLayoutDocument(trx, layoutId)
    if (!row) throw new DomainError('NOT_FOUND', { message: 'No such layout.' })
    if (row.status !== 'DRAFT')
      throw new DomainError('CONFLICT', { message: 'This version is already published.' })
    // The stored text goes to the worker as it is: the document is never made into objects here.
    const job = await runLayoutJobOffThread({ op: 'publication', text: row.data_json })
    if (job.kind !== 'publication') throw new Error('unexpected layout job result')
    const { columns, problems: found } = storable(job.prepared)
    if (columns.data !== row.data_json) await updateDraft(trx, layoutId, columns)
    await markPublished(trx, layoutId)
    await audit(trx, actor, 'publish', 'layout', layoutId, { warnings: found.length })
    return found
  })
  return { ...(await summaryById(db, layoutId)), problems }
}
