import { randomBytes, scryptSync } from 'node:crypto'
import { DomainError } from '@palco/domain/errors/domain-error'
import { answersValidator, type FormAnswers } from '@palco/domain/forms/form-answers'
import { type FormDefinition, formDefinitionSchema } from '@palco/domain/forms/form-definition'
import { formLanguageOf, textIn } from '@palco/domain/forms/localized-text'
import { calendarDateIn, parseCalendarDate } from '@palco/domain/forms/zoned-time'
import {
  type InscriptionEntries,
  type InscriptionFormAdminBody,
  type InscriptionFormView,
  LATEST_ENTRIES_LIMIT,
  type SaveInscriptionBody,
} from '@palco/domain/inscriptions/contract'
import {
  type AgeRule,
  ageOn,
  BIRTH_DATE_FIELD,
  birthDateOf,
  fitsAgeRule,
  participantNameOf,
} from '@palco/domain/inscriptions/participants'
import type { Locale } from '@palco/domain/locale/country'
import { csvCell } from '@palco/domain/reports/spreadsheet-cell'
import type { Db } from '../../db/dialect.js'
import { type EventSummary, eventSummary } from '../catalog/event.service.js'
import { setZoneAgeRules } from '../catalog-admin/admin.service.js'
import { assertCartable, ownHoldRow } from '../seating/own-reservation.service.js'
import { placesOfReservation, type ReservationPlace } from '../seating/seat-sales.service.js'
import { attachUploads, uploadMeta } from '../uploads/uploads.service.js'
import {
  ageRulesOfZones,
  entriesOfEvent,
  findInscriptionDraft,
  findInscriptionForm,
  insertInscriptionEntries,
  latestEntriesOfEvent,
  saveInscriptionDraft,
  saveInscriptionForm,
  zoneIdsOfEvent,
} from './inscription-forms.repository.js'

/**
 * Inscriptions (issue 17 parts 1, 2, 4 and 6): an event's form filled once per participant of a
 * reservation, saved as the fan types, judged on submit by the same validator the page uses
 * (`answersValidator`) plus each category's age rule; placing the order requires the submitted answers and
 * records one entry per participant (`inscriptionForOrder`). The organiser sets the form and the age rules,
 * and exports the entries.
 */

/** The most a reservation's saved answers may weigh: a draft is typed text, not files (those are uploads). */
const DRAFT_MAX_BYTES = 256 * 1024

type Place = ReservationPlace

async function formOf(db: Db, eventId: string): Promise<FormDefinition | null> {
  const stored = await findInscriptionForm(db, eventId)
  return stored ? (stored as FormDefinition) : null
}

/** The event's date in its own zone: the day a category's age is counted on ("18 or older on race day"). */
const eventDayOf = (event: Pick<EventSummary, 'startsAt' | 'timeZone'>) => {
  const day = parseCalendarDate(calendarDateIn(event.startsAt, event.timeZone))
  if (!day) throw new Error('event date unreadable')
  return day
}

/**
 * Each participant's answers judged: the form's rules, then the category's age rule. Answers the validated
 * answers, or the problems named `participants.<seq>.<field>` with a message key the page translates.
 */
function judge(
  definition: FormDefinition,
  raw: readonly Record<string, unknown>[],
  places: readonly Place[],
  rules: Map<string, AgeRule>,
  event: Pick<EventSummary, 'country' | 'timeZone' | 'startsAt'>,
  now: Date,
): { ok: true; answers: FormAnswers[] } | { ok: false; fields: Record<string, string> } {
  const validate = answersValidator(definition, {
    country: event.country,
    timeZone: event.timeZone,
    now,
  })
  const day = eventDayOf(event)
  const fields: Record<string, string> = {}
  const answers: FormAnswers[] = []
  places.forEach((place, seq) => {
    const checked = validate.safeParse(raw[seq] ?? {})
    if (!checked.success) {
      for (const issue of checked.error.issues)
        fields[`participants.${seq}.${String(issue.path[0] ?? '')}`] = issue.message
      return
    }
    const rule = place.zoneId ? rules.get(place.zoneId) : undefined
    if (rule && (rule.minAge !== null || rule.maxAge !== null)) {
      const birth = birthDateOf(checked.data)
      if (!birth) fields[`participants.${seq}.${BIRTH_DATE_FIELD}`] = 'required'
      else if (!fitsAgeRule(ageOn(birth, day), rule))
        fields[`participants.${seq}.${BIRTH_DATE_FIELD}`] = 'ageOutOfRange'
    }
    answers.push(checked.data)
  })
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, answers }
}

/** The reservation, its event and places, for the fan (or the operator at the counter) who holds it. */
async function reservationOf(db: Db, userId: string, reservationId: string) {
  const hold = await ownHoldRow(db, reservationId, userId)
  const event = await eventSummary(db, hold.event_id)
  if (!event) throw new DomainError('NOT_FOUND', { message: 'No such reservation.' })
  const places = await placesOfReservation(db, hold.id)
  const rules = await ageRulesOfZones(
    db,
    places.flatMap((p) => (p.zoneId ? [p.zoneId] : [])),
  )
  return { hold, event, places, rules }
}

/** GET /api/checkout/inscription/form: the form, one entry per place held, and what was saved. */
export async function inscriptionFormView(
  db: Db,
  userId: string,
  reservationId: string,
): Promise<InscriptionFormView> {
  const { hold, event, places, rules } = await reservationOf(db, userId, reservationId)
  const [definition, draft] = await Promise.all([formOf(db, event.id), findInscriptionDraft(db, hold.id)])
  const saved = (draft?.participants as Record<string, unknown>[] | undefined) ?? []
  return {
    reservationId: hold.id,
    event: {
      id: event.id,
      slug: event.slug,
      name: event.name,
      startsAt: event.startsAt.toISOString(),
      timeZone: event.timeZone,
    },
    definition: definition as InscriptionFormView['definition'],
    participants: places.map((p, seq) => {
      const rule = p.zoneId ? rules.get(p.zoneId) : undefined
      return {
        seq,
        zoneName: p.zoneName ?? '',
        ageRule: rule && (rule.minAge !== null || rule.maxAge !== null) ? rule : null,
      }
    }),
    saved: places.map((_, seq) => saved[seq] ?? {}),
    complete: draft?.complete === true && saved.length === places.length,
  }
}

/**
 * PUT /api/checkout/inscription/form: saves the participants' answers as they are (a draft), or submits
 * them: every participant judged, and on any problem the answers are kept and 422 RULE_BROKEN names each
 * one. Only a live reservation takes answers.
 */
export async function saveInscription(db: Db, userId: string, body: SaveInscriptionBody, now = new Date()) {
  const { hold, event, places, rules } = await reservationOf(db, userId, body.reservationId)
  assertCartable(hold, now)
  if (JSON.stringify(body.participants).length > DRAFT_MAX_BYTES)
    throw new DomainError('VALIDATION_FAILED', { field: 'participants' })
  const definition = await formOf(db, event.id)
  const participants = places.map((_, seq) => body.participants[seq] ?? {})
  let complete = false
  if (body.submit && definition) {
    const judged = judge(definition, participants, places, rules, event, now)
    const fields = judged.ok
      ? await attachFiles(db, userId, event.id, definition, judged.answers)
      : judged.fields
    if (Object.keys(fields).length > 0) {
      await saveInscriptionDraft(db, { holdId: hold.id, userId, participants, complete: false, at: now })
      throw new DomainError('RULE_BROKEN', { fields })
    }
    complete = true
  }
  await saveInscriptionDraft(db, { holdId: hold.id, userId, participants, complete, at: now })
  return { complete: complete || !definition, savedAt: now.toISOString() }
}

/**
 * What a FILE field of the event's form takes, for the upload URL (issue 17 part 3): its types and size;
 * null when the form has no file field of that name.
 */
export async function fileRulesOf(db: Db, eventId: string, field: string) {
  const definition = await formOf(db, eventId)
  const found = definition?.fields.find((f) => f.name === field)
  return found?.type === 'FILE' ? { accept: [...found.accept], maxBytes: found.maxBytes } : null
}

/**
 * The files a submitted form names, attached to it so the day's sweep keeps them: each must be the fan's
 * own, received and checked for this event, for that very field, and within its type and size. Answers the
 * problems by `participants.<seq>.<field>`, none when every file is right.
 */
async function attachFiles(
  db: Db,
  userId: string,
  eventId: string,
  definition: FormDefinition,
  answers: readonly FormAnswers[],
): Promise<Record<string, string>> {
  const named = answers.flatMap((a, seq) =>
    definition.fields.flatMap((f) => {
      const value = a[f.name]
      return f.type === 'FILE' && value !== null && typeof value === 'object'
        ? [{ seq, field: f, uploadId: value.uploadId.toLowerCase() }]
        : []
    }),
  )
  if (named.length === 0) return {}
  const problems: Record<string, string> = {}
  const meta = new Map(
    (
      await uploadMeta(
        db,
        named.map((n) => n.uploadId),
      )
    ).map((m) => [m.id, m]),
  )
  for (const n of named) {
    const m = meta.get(n.uploadId)
    const key = `participants.${n.seq}.${n.field.name}`
    if (!m || m.userId !== userId || m.eventId !== eventId || m.field !== n.field.name)
      problems[key] = 'fileNotReceived'
    else if (n.field.type === 'FILE' && !(n.field.accept as string[]).includes(m.contentType))
      problems[key] = 'fileTypeNotAccepted'
    else if (n.field.type === 'FILE' && (m.size ?? 0) > n.field.maxBytes) problems[key] = 'fileTooLarge'
  }
  if (Object.keys(problems).length > 0) return problems
  // A form submitted again names the files it attached before: those are already its own.
  const fresh = named.filter((n) => meta.get(n.uploadId)?.status !== 'ATTACHED')
  if (fresh.length === 0) return {}
  try {
    await attachUploads(db, { userId, eventId, uploadIds: fresh.map((n) => n.uploadId) })
  } catch (err) {
    if (!(err instanceof DomainError) || err.code !== 'UPLOAD_NOT_ATTACHABLE') throw err
    const refused = new Set((err.details as { uploadIds?: string[] } | undefined)?.uploadIds ?? [])
    for (const n of named)
      if (refused.has(n.uploadId)) problems[`participants.${n.seq}.${n.field.name}`] = 'fileNotReceived'
  }
  return problems
}

/** A PASSWORD answer as kept: a salted scrypt hash, never the text (issue 17: never exported either). */
const hashAnswer = (text: string) => {
  const salt = randomBytes(16)
  return `scrypt$${salt.toString('base64url')}$${scryptSync(text, salt, 32).toString('base64url')}`
}

/**
 * What placing an order of an inscription needs, in its transaction (orders.service): nothing when the event
 * has no form; else the submitted answers judged again (a rule or the clock may have moved), each
 * participant's name for their ticket and the entries to record. Refused with INSCRIPTION_FORM_INCOMPLETE
 * when they were not submitted, do not cover every place, or no longer pass.
 */
export async function inscriptionForOrder(
  trx: Db,
  hold: { id: string; event_id: string },
  now: Date,
): Promise<{
  names: string[]
  entries: { seq: number; zoneName: string; name: string; answers: FormAnswers }[]
} | null> {
  const definition = await formOf(trx, hold.event_id)
  if (!definition) return null
  const event = await eventSummary(trx, hold.event_id)
  const places = await placesOfReservation(trx, hold.id)
  const draft = await findInscriptionDraft(trx, hold.id)
  const raw = (draft?.participants as Record<string, unknown>[] | undefined) ?? []
  if (!event || !draft?.complete || raw.length !== places.length)
    throw new DomainError('INSCRIPTION_FORM_INCOMPLETE')
  const rules = await ageRulesOfZones(
    trx,
    places.flatMap((p) => (p.zoneId ? [p.zoneId] : [])),
  )
  const judged = judge(definition, raw, places, rules, event, now)
  if (!judged.ok) throw new DomainError('INSCRIPTION_FORM_INCOMPLETE', { fields: judged.fields })
  const passwords = new Set(definition.fields.filter((f) => f.type === 'PASSWORD').map((f) => f.name))
  const entries = judged.answers.map((answers, seq) => {
    const kept: FormAnswers = { ...answers }
    for (const name of passwords) {
      const text = kept[name]
      if (typeof text === 'string') kept[name] = hashAnswer(text)
    }
    return { seq, zoneName: places[seq]?.zoneName ?? '', name: participantNameOf(answers), answers: kept }
  })
  return { names: entries.map((e) => e.name), entries }
}

/**
 * PUT /api/admin/events/:id/inscription-form: the organiser's form (checked by `formDefinitionSchema`: a cycle
 * of conditions, an unknown field, a bad default → 400 naming it) and the categories' age rules. An age
 * rule needs the form's `birth_date` DATE field, which the rule is read from.
 */
export async function saveInscriptionFormOf(db: Db, eventId: string, body: InscriptionFormAdminBody) {
  const parsed = formDefinitionSchema.safeParse(body.definition)
  if (!parsed.success) {
    const fields: Record<string, string> = {}
    for (const issue of parsed.error.issues) fields[`definition.${issue.path.join('.')}`] = issue.message
    throw new DomainError('VALIDATION_FAILED', { fields })
  }
  const zones = await zoneIdsOfEvent(db, eventId)
  if (zones.size === 0) throw new DomainError('NOT_FOUND', { message: 'No such event.' })
  const ruled = body.ageRules.filter((r) => r.minAge !== null || r.maxAge !== null)
  for (const [i, r] of body.ageRules.entries()) {
    if (!zones.has(r.zoneId))
      throw new DomainError('VALIDATION_FAILED', { fields: { [`ageRules.${i}.zoneId`]: 'invalidValue' } })
    if (r.minAge !== null && r.maxAge !== null && r.minAge > r.maxAge)
      throw new DomainError('VALIDATION_FAILED', { fields: { [`ageRules.${i}.maxAge`]: 'outOfRange' } })
  }
  const birth = parsed.data.fields.find((f) => f.name === BIRTH_DATE_FIELD)
  if (ruled.length > 0 && birth?.type !== 'DATE')
    throw new DomainError('RULE_BROKEN', { fields: { ageRules: 'birthDateFieldRequired' } })
  await db.transaction().execute(async (trx) => {
    await saveInscriptionForm(trx, eventId, parsed.data)
    await setZoneAgeRules(trx, body.ageRules)
  })
  return { definition: parsed.data, ageRules: body.ageRules }
}

/**
 * GET /api/admin/events/:id/inscription-form: the event's form as the organiser saved it, or null when it
 * asks nothing of its participants.
 */
export async function inscriptionFormOf(
  db: Db,
  eventId: string,
): Promise<{ definition: FormDefinition | null }> {
  return { definition: await formOf(db, eventId) }
}

/**
 * GET /api/admin/events/:id/inscriptions.csv: every participant of the event's standing orders, one row
 * each, a column per form field in the form's order (labels in the admin's language). PASSWORD answers are
 * never exported. A FILE answer is its name, and beside it an expiring link to the file (`fileLinks`, a day:
 * the spreadsheet outlives the page it was downloaded from, but the files stay private).
 */
export async function inscriptionsCsv(
  db: Db,
  eventId: string,
  locale: Locale,
  fileLinks: (uploadIds: string[]) => Promise<ReadonlyMap<string, string>>,
) {
  const definition = await formOf(db, eventId)
  const fields = (definition?.fields ?? []).filter((f) => f.type !== 'PASSWORD' && f.type !== 'READONLY')
  const lang = formLanguageOf(locale)
  const head = [
    lang === 'es' ? 'Compra' : 'Purchase',
    lang === 'es' ? 'Estado' : 'Status',
    lang === 'es' ? 'Categoría' : 'Category',
    lang === 'es' ? 'Participante' : 'Participant',
    ...fields.flatMap((f) =>
      f.type === 'FILE'
        ? [
            textIn(f.label, lang),
            `${textIn(f.label, lang)} (${lang === 'es' ? 'enlace por 24 horas' : 'link for 24 hours'})`,
          ]
        : [textIn(f.label, lang)],
    ),
  ]
  const entries = await entriesOfEvent(db, eventId)
  const fileOf = (value: unknown) =>
    value !== null && typeof value === 'object' && 'uploadId' in value && 'name' in value
      ? (value as { uploadId: string; name: string })
      : null
  const links = await fileLinks(
    entries.flatMap((e) =>
      fields.flatMap((f) => {
        const file = f.type === 'FILE' ? fileOf((e.answers as FormAnswers)[f.name]) : null
        return file ? [file.uploadId] : []
      }),
    ),
  )
  const rows = entries.map((e) => {
    const answers = e.answers as FormAnswers
    const cells = fields.flatMap((f) => {
      if (f.type !== 'FILE') return [answers[f.name]]
      const file = fileOf(answers[f.name])
      return file ? [file.name, links.get(file.uploadId) ?? ''] : ['', '']
    })
    return [e.code, e.status, e.zone_name, e.participant_name, ...cells]
  })
  // A BOM so spreadsheet programs read the accents as UTF-8.
  return `\uFEFF${[head, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`
}

/** GET /api/admin/events/:id/inscriptions: how many stand and the latest, for the back office's list. */
export async function inscriptionEntries(db: Db, eventId: string): Promise<InscriptionEntries> {
  const { total, rows } = await latestEntriesOfEvent(db, eventId, LATEST_ENTRIES_LIMIT)
  return {
    total,
    latest: rows.map((r) => ({
      orderCode: r.code,
      status: r.status,
      zoneName: r.zone_name,
      participantName: r.participant_name,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  }
}

/** Where the reservation's participant forms stand (issue 17): submitted for every place held, or not. */
export async function participantsFormOf(db: Db, hold: { id: string; event_id: string }, places: number) {
  if (!(await findInscriptionForm(db, hold.event_id))) return 'NONE' as const
  const draft = await findInscriptionDraft(db, hold.id)
  const filled = (draft?.participants as unknown[] | undefined)?.length === places && draft?.complete === true
  return filled ? ('FILLED' as const) : ('TO_FILL' as const)
}

/** The participants of an inscription's order become its entries (what the organiser sees and exports). */
export async function recordEntriesOfOrder(
  trx: Db,
  order: { id: string; eventId: string },
  inscription: NonNullable<Awaited<ReturnType<typeof inscriptionForOrder>>>,
) {
  await insertInscriptionEntries(
    trx,
    inscription.entries.map((e) => ({
      order_id: order.id,
      event_id: order.eventId,
      seq: e.seq,
      zone_name: e.zoneName,
      participant_name: e.name,
      answers: e.answers,
    })),
  )
}
