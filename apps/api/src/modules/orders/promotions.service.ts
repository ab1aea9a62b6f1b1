import { randomBytes, randomUUID } from 'node:crypto'
import type { RandomBytes } from '@palco/domain/checkout/codes'
import {
  batchCodes,
  type PromoBreak,
  type PromoKind,
  type PromoTerms,
  promoChangeBreaks,
  promoCodesCsv,
  promoStateOf,
  promoTermsBreaks,
  remainingUses,
} from '@palco/domain/checkout/promo-admin'
import type {
  PromoBatchInput,
  PromoBatchResult,
  PromoCodeInput,
  PromoCodeList,
  PromoCodePatch,
  PromoCodeView,
  PromoListQuery,
  PromoTargets,
} from '@palco/domain/checkout/promo-admin-contract'
import { DomainError } from '@palco/domain/errors/domain-error'
import { type Country, currencyOf } from '@palco/domain/locale/country'
import { mayTouch, type Scope } from '@palco/domain/organisers/staff-access'
import type { Insertable } from 'kysely'
import type { Db } from '../../db/dialect.js'
import type { PromoCodesTable } from '../../db/schema.js'
import { type Actor, audit } from '../catalog-admin/audit.js'
import {
  deletePromoCode,
  eventOwners,
  eventsInScope,
  insertPromoCode,
  insertPromoCodes,
  lockPromoCode,
  type PromoCodeRow,
  promoCodeHasOrders,
  promoCodePage,
  promoCodesOfBatch,
  updatePromoCode,
  zonesOfEvents,
} from './promotions.repository.js'

/**
 * Promo codes in the back office (issue 43 part 5): an organiser's staff make, list and change their own
 * organiser's codes; a platform admin every one. A code belongs to the organiser of the events it names (all of
 * one organiser); a code naming no event (every event of the country) is the platform's, and only a platform
 * admin makes one. Another organiser's code answers 404, as if it did not exist; another organiser's event named
 * in a code is refused on the field like an unknown one (422), so neither reveals what is taken.
 */

const NO_SUCH_CODE = 'No such promo code.'
/** A batch is written in statements of this many rows (well under PostgreSQL's 65,535 parameters). */
const BATCH_CHUNK = 500
/** Rounds of fresh codes when some of a batch's are taken already (30^8 suffixes: one round nearly always). */
const BATCH_ROUNDS = 5

function ruleBroken(breaks: readonly PromoBreak[]): never {
  throw new DomainError('RULE_BROKEN', {
    message: `Check: ${[...new Set(breaks.map((b) => b.field))].join(', ')}`,
    fields: Object.fromEntries(breaks.map((b) => [b.field, b.rule])),
  })
}

const isoOrNull = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString())

const termsOf = (r: PromoCodeRow): PromoTerms => ({
  kind: r.kind as PromoKind,
  percentBps: r.percent_bps,
  amount: r.amount === null ? null : Number(r.amount),
  startsAt: isoOrNull(r.starts_at),
  endsAt: isoOrNull(r.ends_at),
  maxUses: r.max_uses,
  maxUsesPerFan: r.max_uses_per_fan,
})

export function promoView(r: PromoCodeRow, now: Date): PromoCodeView {
  const terms = termsOf(r)
  const counted = { ...terms, uses: r.uses, active: r.active }
  return {
    id: r.id,
    code: r.code,
    country: r.country,
    ...terms,
    currency: r.currency,
    uses: r.uses,
    remaining: remainingUses(counted),
    eventIds: r.event_ids ?? [],
    zoneIds: r.zone_ids ?? [],
    active: r.active,
    state: promoStateOf(counted, now),
    organiserId: r.organiser_id,
    batchId: r.batch_id,
    batchLabel: r.batch_label,
    createdAt: new Date(r.created_at).toISOString(),
  }
}

/** The asker's codes of the site's country, one page, newest first. */
export async function listPromoCodes(
  db: Db,
  scope: Scope,
  country: Country,
  query: PromoListQuery,
  now = new Date(),
): Promise<PromoCodeList> {
  const filter = { eventId: query.eventId, q: query.q?.toUpperCase(), batchId: query.batchId }
  const { rows, total } = await promoCodePage(db, country, scope, filter, {
    offset: query.page * query.size,
    limit: query.size,
  })
  return { items: rows.map((r) => promoView(r, now)), total, page: query.page, size: query.size }
}

/** The events (and their tiers) a new code of the asker's may name, and whether it may name none. */
export async function promoTargets(db: Db, scope: Scope, country: Country): Promise<PromoTargets> {
  const events = await eventsInScope(db, country, scope)
  const byEvent = new Map<string, { id: string; name: string }[]>()
  for (const z of await zonesOfEvents(
    db,
    events.map((e) => e.id),
  )) {
    const list = byEvent.get(z.event_id) ?? []
    list.push({ id: z.id, name: z.name })
    byEvent.set(z.event_id, list)
  }
  return {
    currency: currencyOf(country),
    countryWide: scope.all,
    events: events.map((e) => ({
      id: e.id,
      name: e.name,
      startsAt: new Date(e.starts_at).toISOString(),
      status: e.status,
      zones: byEvent.get(e.id) ?? [],
    })),
  }
}

/**
 * Whose the new code is, from the events it names: all of them the country's, within the asker's scope and of
 * one organiser; its tiers of those events. Every rule broken is reported at once, with the terms' own.
 */
async function ownerOfTargets(
  db: Db,
  scope: Scope,
  country: Country,
  input: PromoTerms & { eventIds: string[]; zoneIds: string[] },
) {
  const breaks = promoTermsBreaks(input)
  const eventIds = [...new Set(input.eventIds)]
  const zoneIds = [...new Set(input.zoneIds)]
  let organiserId: string | null = null
  if (eventIds.length === 0) {
    if (!scope.all) breaks.push({ field: 'eventIds', rule: 'eventsRequired' })
    if (zoneIds.length > 0) breaks.push({ field: 'zoneIds', rule: 'zoneNotOfEvents' })
  } else {
    const owned = (await eventOwners(db, country, eventIds)).filter((e) => mayTouch(scope, e.organiser_id))
    if (owned.length !== eventIds.length) breaks.push({ field: 'eventIds', rule: 'unknownEvent' })
    else if (new Set(owned.map((e) => e.organiser_id)).size > 1)
      breaks.push({ field: 'eventIds', rule: 'mixedOrganisers' })
    organiserId = owned[0]?.organiser_id ?? null
    const zones = new Set(
      (
        await zonesOfEvents(
          db,
          owned.map((e) => e.id),
        )
      ).map((z) => z.id),
    )
    if (zoneIds.some((z) => !zones.has(z))) breaks.push({ field: 'zoneIds', rule: 'zoneNotOfEvents' })
  }
  if (breaks.length > 0) ruleBroken(breaks)
  return { organiserId, eventIds, zoneIds }
}

/** The row a new code is written as; FIXED codes are in the country's currency. */
function newRow(
  country: Country,
  actor: Actor,
  input: PromoTerms & { active: boolean },
  owner: { organiserId: string | null; eventIds: string[]; zoneIds: string[] },
): Omit<Insertable<PromoCodesTable>, 'code'> {
  return {
    country,
    kind: input.kind,
    percent_bps: input.kind === 'PERCENT' ? input.percentBps : null,
    amount: input.kind === 'FIXED' ? input.amount : null,
    currency: input.kind === 'FIXED' ? currencyOf(country) : null,
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    max_uses: input.maxUses,
    max_uses_per_fan: input.maxUsesPerFan,
    event_ids: owner.eventIds,
    zone_ids: owner.zoneIds,
    active: input.active,
    organiser_id: owner.organiserId,
    created_by: actor.userId,
  }
}

/** One code; 409 on `code` when the country has it already. */
export async function createPromoCode(
  db: Db,
  actor: Actor,
  scope: Scope,
  country: Country,
  input: PromoCodeInput,
): Promise<PromoCodeView> {
  const owner = await ownerOfTargets(db, scope, country, input)
  const row = await db.transaction().execute(async (trx) => {
    const made = await insertPromoCode(trx, { ...newRow(country, actor, input, owner), code: input.code })
    if (made) await audit(trx, actor, 'create', 'promo_code', made.id, input)
    return made
  })
  if (!row) throw new DomainError('CONFLICT', { message: 'Check: code', fields: { code: 'promoCodeTaken' } })
  return promoView(row, new Date())
}

/** Writes `count` fresh codes behind the prefix, drawing again for any the country has already. */
async function writeBatch(
  trx: Db,
  prefix: string,
  count: number,
  random: RandomBytes,
  rowOf: (code: string) => Insertable<PromoCodesTable>,
) {
  const written: string[] = []
  const tried = new Set<string>()
  for (let round = 0; round < BATCH_ROUNDS && written.length < count; round++) {
    const fresh = batchCodes(prefix, count - written.length, random, tried)
    for (const code of fresh) tried.add(code)
    for (let i = 0; i < fresh.length; i += BATCH_CHUNK)
      written.push(...(await insertPromoCodes(trx, fresh.slice(i, i + BATCH_CHUNK).map(rowOf))))
  }
  if (written.length < count)
    throw new DomainError('CONFLICT', { message: 'Check: prefix', fields: { prefix: 'promoPrefixCrowded' } })
  return written
}

/** Up to 1,000 random codes on the same terms, in one transaction: all of them, or none. */
export async function createPromoBatch(
  db: Db,
  actor: Actor,
  scope: Scope,
  country: Country,
  input: PromoBatchInput,
  random: RandomBytes = randomBytes,
): Promise<PromoBatchResult> {
  const owner = await ownerOfTargets(db, scope, country, input)
  const batchId = randomUUID()
  const label = input.label ?? input.prefix
  const base = { ...newRow(country, actor, input, owner), batch_id: batchId, batch_label: label }
  const codes = await db.transaction().execute(async (trx) => {
    const written = await writeBatch(trx, input.prefix, input.count, random, (code) => ({ ...base, code }))
    await audit(trx, actor, 'create', 'promo_batch', batchId, { ...input, written: written.length })
    return written
  })
  return { batchId, label, count: codes.length, codes: codes.sort() }
}

/** The code under its lock, when the scope reaches it; 404 otherwise, as if there were none. */
async function lockedInScope(trx: Db, scope: Scope, id: string) {
  const row = await lockPromoCode(trx, id)
  if (!row || !mayTouch(scope, row.organiser_id))
    throw new DomainError('NOT_FOUND', { message: NO_SUCH_CODE })
  return row
}

const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>

/** Caps, window or switch changed under the code's lock; the total cap never below the uses taken. */
export async function changePromoCode(
  db: Db,
  actor: Actor,
  scope: Scope,
  id: string,
  patch: PromoCodePatch,
): Promise<PromoCodeView> {
  const row = await db.transaction().execute(async (trx) => {
    const current = await lockedInScope(trx, scope, id)
    const { active, ...termPatch } = defined(patch)
    const merged: PromoTerms = { ...termsOf(current), ...termPatch }
    const breaks = promoChangeBreaks(merged, current.uses)
    if (breaks.length > 0) ruleBroken(breaks)
    const updated = await updatePromoCode(trx, id, {
      max_uses: merged.maxUses,
      max_uses_per_fan: merged.maxUsesPerFan,
      starts_at: merged.startsAt,
      ends_at: merged.endsAt,
      active: active ?? current.active,
    })
    await audit(trx, actor, 'update', 'promo_code', id, patch)
    return updated
  })
  return promoView(row, new Date())
}

/**
 * Deletes a code nobody used (a typo, say). One an order ever named stays, for that order's record: it is
 * switched off instead (409).
 */
export async function deleteUnusedPromoCode(db: Db, actor: Actor, scope: Scope, id: string) {
  await db.transaction().execute(async (trx) => {
    const current = await lockedInScope(trx, scope, id)
    if (current.uses > 0 || (await promoCodeHasOrders(trx, id)))
      throw new DomainError('CONFLICT', {
        message: 'A code that orders used is deactivated, not deleted.',
        details: { reason: 'used' },
      })
    await deletePromoCode(trx, id)
    await audit(trx, actor, 'delete', 'promo_code', id, { code: current.code })
  })
}

/** A batch's codes as CSV, with its label; 404 when the scope does not reach it. */
export async function promoBatchCsv(db: Db, scope: Scope, batchId: string) {
  const rows = await promoCodesOfBatch(db, batchId)
  const first = rows[0]
  if (!first || !mayTouch(scope, first.organiser_id))
    throw new DomainError('NOT_FOUND', { message: 'No such batch.' })
  const csv = promoCodesCsv(
    rows.map((r) => ({
      ...termsOf(r),
      code: r.code,
      currency: r.currency,
      uses: r.uses,
      active: r.active,
      batchLabel: r.batch_label,
    })),
  )
  return { label: first.batch_label ?? first.code, csv }
}
