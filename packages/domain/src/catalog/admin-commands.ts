import { z } from 'zod'
import { presaleRuleSchema } from '../checkout/presale.js'
import { COUNTRIES } from '../locale/country.js'
import { QR_TYPES } from '../tickets/qr.js'
import { EVENT_PAGE_CATEGORIES, EVENT_TYPES, isSignUpListing, VISIBILITIES } from './vocabulary.js'

const isoDate = z.iso.datetime({ offset: true, error: 'invalidDate' })
const slug = z
  .string()
  .min(2)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'invalidSlug' })

/** A price zone as staff write it; prices in minor units (DESIGN §5). */
export const zoneInputSchema = z.object({
  name: z.string().trim().min(1).max(80),
  price: z.number().int().min(0),
  /** Courtesy and free zones may cost 0; every other zone must cost something (issue 4). */
  courtesy: z.boolean().default(false),
  capacity: z.number().int().min(1).max(200_000).nullable().default(null),
  sectionCodes: z.array(z.string().min(1).max(80)).default([]),
  perFanMax: z.number().int().min(1).max(100).default(10),
  zoneType: z.enum(['GRANDSTAND', 'PARKING']).default('GRANDSTAND'),
  numbered: z.boolean().default(true),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'invalidColor' })
    .default('#1c7ed6'),
  /** A bank-card presale (issue 42 part 2): only cards of these BIN ranges and types pay for this tier. */
  presale: presaleRuleSchema.nullable().default(null),
})
export type ZoneInput = z.output<typeof zoneInputSchema>

const eventFields = {
  country: z.enum(COUNTRIES),
  type: z.enum(EVENT_TYPES),
  slug,
  name: z.string().trim().min(1).max(160),
  description: z.string().max(10_000).default(''),
  venueId: z.string().uuid(),
  layoutId: z.string().uuid().nullable().default(null),
  tourId: z.string().uuid().nullable().default(null),
  categorySlug: z.string().max(80).nullable().default(null),
  sportOrganizationCode: z.string().max(20).nullable().default(null),
  startsAt: isoDate,
  endsAt: isoDate,
  onSaleAt: isoDate,
  offSaleAt: isoDate,
  visibility: z.enum(VISIBILITIES).default('ALL'),
  pageCategory: z.enum(EVENT_PAGE_CATEGORIES).default('HOME'),
  qrType: z.enum(QR_TYPES).default('STATIC_DEFAULT'),
  imageUrl: z.string().max(500).nullable().default(null),
  installmentsEnabled: z.boolean().default(false),
  zones: z.array(zoneInputSchema).max(100).default([]),
  /** Season pass, bundles: the events the product includes, in order. */
  includedEventIds: z.array(z.string().uuid()).max(100).default([]),
}
/**
 * Whose event it is (issue 43 part 1): one of the asker's organisers; staff of one organiser may leave it out.
 * It never changes afterwards, so a patch cannot carry it.
 */
const organiserId = z.uuid().optional()
export const eventInputSchema = z.object({ ...eventFields, organiserId })
export type EventInput = z.output<typeof eventInputSchema>

/**
 * A patch carries only what changes: the create defaults are removed, or a PATCH naming one field would
 * reset every defaulted one (zones to [], visibility to ALL, ...). The country never changes.
 */
const { country: _country, ...patchable } = eventFields
export const eventPatchSchema = z.object(
  Object.fromEntries(
    Object.entries(patchable).map(([k, v]) => [
      k,
      (v instanceof z.ZodDefault ? v.removeDefault() : v).optional(),
    ]),
  ) as unknown as {
    [K in keyof typeof patchable]: z.ZodOptional<z.ZodType<z.output<(typeof patchable)[K]>>>
  },
)
export type EventPatch = z.output<typeof eventPatchSchema>

/** A tier's presale rule set on its own, published events too (null ends the presale: any card pays). */
export const zonePresaleInputSchema = z.object({ presale: presaleRuleSchema.nullable() })

export const tourInputSchema = z.object({
  organiserId,
  country: z.enum(COUNTRIES),
  slug,
  name: z.string().trim().min(1).max(160),
  description: z.string().max(10_000).default(''),
  imageUrl: z.string().max(500).nullable().default(null),
})

export const venueInputSchema = z.object({
  country: z.enum(COUNTRIES),
  name: z.string().trim().min(1).max(160),
  city: z.string().trim().min(1).max(80),
  address: z.string().max(300).nullable().default(null),
  timeZone: z.string().refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz })
      return true
    } catch {
      return false
    }
  }, 'invalidTimeZone'),
  stadiumCode: z.string().max(10).nullable().default(null),
})

/** Rule breaks the schema cannot see alone; each names the field it is about (issue 4, bad input). */
export type EventRuleBreak = { field: string; rule: string }

export function eventRuleBreaks(
  e: Pick<EventInput, 'type' | 'pageCategory' | 'startsAt' | 'endsAt' | 'onSaleAt' | 'offSaleAt' | 'zones'>,
  sectionPlaces: ReadonlyMap<string, number> | null,
): EventRuleBreak[] {
  const out: EventRuleBreak[] = []
  // The sign-up lists show only sign-ups: a concert filed there would be found nowhere else.
  if (isSignUpListing(e.pageCategory) && e.type !== 'INSCRIPTION')
    out.push({ field: 'pageCategory', rule: 'signUpListingNeedsInscription' })
  if (Date.parse(e.endsAt) <= Date.parse(e.startsAt)) out.push({ field: 'endsAt', rule: 'endBeforeStart' })
  if (Date.parse(e.offSaleAt) <= Date.parse(e.onSaleAt))
    out.push({ field: 'offSaleAt', rule: 'offSaleBeforeOnSale' })
  if (Date.parse(e.offSaleAt) > Date.parse(e.endsAt))
    out.push({ field: 'offSaleAt', rule: 'offSaleAfterEnd' })
  e.zones.forEach((z, i) => {
    if (z.price <= 0 && !z.courtesy) out.push({ field: `zones.${i}.price`, rule: 'pricePositive' })
    if (z.sectionCodes.length > 0) {
      if (!sectionPlaces) {
        out.push({ field: `zones.${i}.sectionCodes`, rule: 'noLayout' })
        return
      }
      const unknown = z.sectionCodes.filter((c) => !sectionPlaces.has(c))
      if (unknown.length > 0) out.push({ field: `zones.${i}.sectionCodes`, rule: 'unknownSection' })
      const places = z.sectionCodes.reduce((n, c) => n + (sectionPlaces.get(c) ?? 0), 0)
      if (z.capacity !== null && z.capacity > places)
        out.push({ field: `zones.${i}.capacity`, rule: 'zoneLargerThanSection' })
    } else if (z.capacity === null) {
      out.push({ field: `zones.${i}.capacity`, rule: 'capacityRequired' })
    }
  })
  // A section sold by two zones would sell its seats twice.
  const owner = new Map<string, number>()
  e.zones.forEach((z, i) => {
    for (const c of z.sectionCodes) {
      if (owner.has(c)) out.push({ field: `zones.${i}.sectionCodes`, rule: 'sectionInTwoZones' })
      owner.set(c, i)
    }
  })
  return out
}
