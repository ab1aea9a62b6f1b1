import { isStadiumCode, type StadiumCode } from '../catalog/vocabulary.js'
import { UNNUMBERED } from '../seating/layout-vocabulary.js'

// Spec §3: a seat code is "row-seat". We split at the last dash so a row may itself contain one ("VIP-A-12").
export const SEAT_CODE_SEPARATOR = '-'
// Spec §3 does not name the section code's separator; a dash matches the seat code and never occurs in the
// underscore-joined words of a zone ("ORIENTAL_ALTA-SECCION_101"). We split at the first one.
export const SECTION_CODE_SEPARATOR = '-'
// Spec §3: shown for a missing value.
export const MISSING_LOCATION_VALUE = '-'

export type SeatCode = { row: string; seat: string; numbered: boolean }

export const parseSeatCode = (code: string | null | undefined): SeatCode => {
  const text = (code ?? '').trim()
  const at = text.lastIndexOf(SEAT_CODE_SEPARATOR)
  const rawRow = at === -1 ? (text.toUpperCase() === UNNUMBERED ? text : '') : text.slice(0, at).trim()
  const seat = at === -1 ? (rawRow === '' ? text : '') : text.slice(at + 1).trim()
  const unnumbered = rawRow.toUpperCase() === UNNUMBERED
  return { row: unnumbered ? UNNUMBERED : rawRow, seat, numbered: !unnumbered && seat !== '' }
}

export type SectionCode = { zone: string; section: string }

// Spec §3: underscores become spaces and the word SECCION goes (accented or not, any case).
const tidySectionPart = (part: string): string =>
  part
    .replace(/_/g, ' ')
    .replace(/\bSECCI[OÓ]N\b/giu, ' ')
    .replace(/\s+/g, ' ')
    .trim()

// Places of a zone sold without a map are keyed by the zone's own id (the API's inventory): such a "section"
// names nothing a fan can read, so it is no section at all and the zone's name says where to go (issue 13).
const ZONE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isZoneOnlySection = (code: string | null | undefined): boolean =>
  ZONE_KEY.test((code ?? '').trim())

export const splitSectionCode = (code: string | null | undefined): SectionCode => {
  const text = (code ?? '').trim()
  if (isZoneOnlySection(text)) return { zone: '', section: '' }
  const at = text.indexOf(SECTION_CODE_SEPARATOR)
  // Without a separator the whole code names the section and the zone is unknown.
  if (at === -1) return { zone: '', section: tidySectionPart(text) }
  return { zone: tidySectionPart(text.slice(0, at)), section: tidySectionPart(text.slice(at + 1)) }
}

export type TicketLocation = {
  door?: string | null
  zone?: string | null
  sectionCode?: string | null
  /** The layout's display name of the section ("Balcón centro"), when the event has a map. */
  sectionName?: string | null
  seatCode?: string | null
  entrySide?: string | null
}

// i18n keys: the UI translates the label and shows the value beside it.
export const LOCATION_LABEL_KEYS = [
  'zone',
  'entrySide',
  'access',
  'section',
  'row',
  'seat',
  'door',
  'locality',
] as const
export type LocationLabelKey = (typeof LOCATION_LABEL_KEYS)[number]
export type LocationPart = { key: LocationLabelKey; value: string }

const orDash = (value: string): string => (value === '' ? MISSING_LOCATION_VALUE : value)
const text = (value: string | null | undefined): string => (value ?? '').trim()

type Parts = {
  door: string
  zone: string
  entrySide: string
  section: string
  sectionName: string
  seat: SeatCode
}

const readParts = (location: TicketLocation): Parts => {
  const section = splitSectionCode(location.sectionCode)
  return {
    door: text(location.door),
    // Spec §3 (SAN/IFC/OSW locality): the zone, or else the zone part of the section code. ATS and unknown
    // venues use the same fallback so a ticket with only a section code still says where to go.
    zone: text(location.zone) || section.zone,
    entrySide: text(location.entrySide),
    section: section.section,
    sectionName: text(location.sectionName),
    seat: parseSeatCode(location.seatCode),
  }
}

// Spec §3, ATS: row and seat only for numbered seats; a dash for other missing values.
const atsLabel = (p: Parts): LocationPart[] => {
  const parts: LocationPart[] = [
    { key: 'zone', value: orDash(p.zone) },
    { key: 'entrySide', value: orDash(p.entrySide) },
    { key: 'access', value: orDash(p.door) },
    { key: 'section', value: orDash(p.section) },
  ]
  if (p.seat.numbered) {
    parts.push({ key: 'row', value: orDash(p.seat.row) }, { key: 'seat', value: orDash(p.seat.seat) })
  }
  return parts
}

// Spec §3, SAN/IFC/OSW: always five parts. An unnumbered seat shows dashes rather than the word UNNUMBERED.
const localityLabel = (p: Parts): LocationPart[] => [
  { key: 'door', value: orDash(p.door) },
  { key: 'locality', value: orDash(p.zone) },
  { key: 'section', value: orDash(p.section) },
  { key: 'row', value: orDash(p.seat.numbered ? p.seat.row : '') },
  { key: 'seat', value: orDash(p.seat.numbered ? p.seat.seat : '') },
]

// Not in the spec: for other venues we know nothing of the signage, so we show only what the ticket has,
// door first because it is what a fan looks for at the gate. The section is named as the layout names it
// (the seat map's name), not by its tidied code ("BALCON CENTRO"), when the ticket knows that name.
const genericLabel = (p: Parts): LocationPart[] =>
  (
    [
      { key: 'door', value: p.door },
      { key: 'zone', value: p.zone },
      { key: 'section', value: p.sectionName || p.section },
      { key: 'row', value: p.seat.numbered ? p.seat.row : '' },
      { key: 'seat', value: p.seat.numbered ? p.seat.seat : '' },
    ] satisfies LocationPart[]
  ).filter((part) => part.value !== '')

const LABELS: Readonly<Record<StadiumCode, (p: Parts) => LocationPart[]>> = {
  ATS: atsLabel,
  SAN: localityLabel,
  IFC: localityLabel,
  OSW: localityLabel,
}

export const ticketLocationLabel = (
  location: TicketLocation,
  // Any string: venue codes come from event data, and an unknown one still gets a label.
  stadiumCode: string | null | undefined,
): LocationPart[] => {
  const code = text(stadiumCode).toUpperCase()
  const label = isStadiumCode(code) ? LABELS[code] : genericLabel
  return label(readParts(location))
}

const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim()

/**
 * The section's own name for a cart line or ticket: spec §3's tidying of the code (underscores to spaces,
 * SECCION removed, the zone part split off), and the zone's words dropped when the line already names
 * its zone — "OCCIDENTAL_PREFERENCIAL_SECCION_104" in zone "Occidental Preferencial" reads "104". Empty
 * for the places of a zone without a map, which have no section.
 */
export function sectionName(sectionCode: string, zoneName: string | null): string {
  const { section } = splitSectionCode(sectionCode)
  if (!zoneName) return section
  const zone = fold(zoneName)
  const folded = fold(section)
  if (zone && folded.startsWith(`${zone} `))
    return section.slice(section.length - (folded.length - zone.length - 1)).trim()
  return section
}
