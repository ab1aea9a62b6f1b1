import type { PromoKind } from '@palco/domain/checkout/promo-admin'
import type { PromoBatchInput, PromoCodeInput } from '@palco/domain/checkout/promo-admin-contract'
import { wallAsUtcMs, wallClockAt, wallClockOfIso } from '@palco/domain/format/wall-clock'
import type { Currency } from '@palco/domain/locale/country-settings'
import { minorDigitsOf } from '@palco/domain/money/minor-units'

/**
 * The back office's promo-code form (issue 43 part 5) as staff fill it in: a percentage in per cent, an amount
 * in pesos (major units), times on the site's clock. `requestOf` turns it into the API's body (basis points,
 * minor units, instants); the server judges every rule and answers on the fields, which `fieldErrorsOf` puts
 * back on the form's own inputs.
 */

export type PromoMode = 'ONE' | 'BATCH'

export interface PromoDraft {
  mode: PromoMode
  code: string
  prefix: string
  count: number | ''
  label: string
  kind: PromoKind
  /** Per cent, 1–100 (decimals allowed: 12.5). */
  percent: number | ''
  /** Major units of the site's currency. */
  amount: number | ''
  /** `datetime-local` text on the site's clock, or '' for none. */
  startsAt: string
  endsAt: string
  maxUses: number | ''
  maxUsesPerFan: number | ''
  eventIds: string[]
  zoneIds: string[]
}

export type DraftField = keyof PromoDraft

export const EMPTY_DRAFT: PromoDraft = {
  mode: 'ONE',
  code: '',
  prefix: '',
  count: 100,
  label: '',
  kind: 'PERCENT',
  percent: 10,
  amount: '',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  maxUsesPerFan: 1,
  eventIds: [],
  zoneIds: [],
}

/** A `datetime-local` value on `timeZone`'s clock as an instant; null for an empty one, the text for nonsense. */
export function isoOfLocalInput(local: string, timeZone: string): string | null {
  if (!local.trim()) return null
  const clock = wallClockOfIso(local, timeZone)
  if (!clock) return local
  const asUtc = wallAsUtcMs(clock)
  // The zone's offset at (nearly) that instant: the wall time read as UTC, moved back by the offset there.
  const guess = asUtc - (wallAsUtcMs(wallClockAt(asUtc, timeZone)) - asUtc)
  const ms = asUtc - (wallAsUtcMs(wallClockAt(guess, timeZone)) - guess)
  return new Date(ms).toISOString()
}

/** An instant as a `datetime-local` value on `timeZone`'s clock. */
export function localInputOf(iso: string, timeZone: string): string {
  const c = wallClockAt(Date.parse(iso), timeZone)
  const p = (n: number) => String(n).padStart(2, '0')
  return `${c.year}-${p(c.month)}-${p(c.day)}T${p(c.hour)}:${p(c.minute)}`
}

const numberOrNull = (v: number | '') => (v === '' ? null : v)

/** Per cent as basis points, and major units as minor units, rounded to whole ones (the API takes integers). */
export const bpsOf = (percent: number) => Math.round(percent * 100)
export const minorOf = (amount: number, currency: Currency) =>
  Math.round(amount * 10 ** minorDigitsOf(currency))

/** The request a draft makes: one code, or a batch behind a prefix. */
export function requestOf(
  d: PromoDraft,
  site: { currency: Currency; timeZone: string },
): { mode: 'ONE'; body: Partial<PromoCodeInput> } | { mode: 'BATCH'; body: Partial<PromoBatchInput> } {
  const terms = {
    kind: d.kind,
    percentBps: d.kind === 'PERCENT' && d.percent !== '' ? bpsOf(d.percent) : null,
    amount: d.kind === 'FIXED' && d.amount !== '' ? minorOf(d.amount, site.currency) : null,
    startsAt: isoOfLocalInput(d.startsAt, site.timeZone),
    endsAt: isoOfLocalInput(d.endsAt, site.timeZone),
    maxUses: numberOrNull(d.maxUses),
    maxUsesPerFan: numberOrNull(d.maxUsesPerFan),
    eventIds: d.eventIds,
    zoneIds: d.zoneIds,
  }
  if (d.mode === 'ONE') return { mode: 'ONE', body: { code: d.code, ...terms } }
  return {
    mode: 'BATCH',
    body: {
      prefix: d.prefix,
      ...(d.count === '' ? {} : { count: d.count }),
      label: d.label.trim() || null,
      ...terms,
    },
  }
}

/** The API's field names that the form calls otherwise. */
const FORM_FIELD_OF: Readonly<Record<string, DraftField>> = { percentBps: 'percent' }

/**
 * The server's field messages on the form's inputs (`percentBps` → the percentage; `eventIds.0` → the events).
 * Fields the form does not show are left for the alert above it.
 */
export function fieldErrorsOf(fields: Readonly<Record<string, string>>): Partial<Record<DraftField, string>> {
  const out: Partial<Record<DraftField, string>> = {}
  for (const [key, message] of Object.entries(fields)) {
    const top = key.split('.')[0] ?? key
    const field = FORM_FIELD_OF[top] ?? (top in EMPTY_DRAFT ? (top as DraftField) : null)
    if (field && !out[field]) out[field] = message
  }
  return out
}

/** The tiers still on offer once the events change: only those of the chosen events stay chosen. */
export function zonesWithin(
  zoneIds: readonly string[],
  eventIds: readonly string[],
  events: readonly { id: string; zones: readonly { id: string }[] }[],
): string[] {
  const allowed = new Set(
    events.filter((e) => eventIds.includes(e.id)).flatMap((e) => e.zones.map((z) => z.id)),
  )
  return zoneIds.filter((z) => allowed.has(z))
}
