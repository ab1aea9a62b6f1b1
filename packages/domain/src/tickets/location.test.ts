import { describe, expect, it } from 'vitest'
import {
  isZoneOnlySection,
  type LocationPart,
  parseSeatCode,
  type SeatCode,
  type SectionCode,
  sectionName,
  splitSectionCode,
  type TicketLocation,
  ticketLocationLabel,
} from './location.js'

describe('parseSeatCode (spec §3: row-seat, UNNUMBERED row)', () => {
  it.each<[string | null | undefined, SeatCode]>([
    ['B-12', { row: 'B', seat: '12', numbered: true }],
    ['AA-1', { row: 'AA', seat: '1', numbered: true }],
    [' 3 - 7 ', { row: '3', seat: '7', numbered: true }],
    ['VIP-A-12', { row: 'VIP-A', seat: '12', numbered: true }],
    ['UNNUMBERED-15', { row: 'UNNUMBERED', seat: '15', numbered: false }],
    ['unnumbered-15', { row: 'UNNUMBERED', seat: '15', numbered: false }],
    ['UNNUMBERED', { row: 'UNNUMBERED', seat: '', numbered: false }],
    ['12', { row: '', seat: '12', numbered: true }],
    ['B-', { row: 'B', seat: '', numbered: false }],
    ['-12', { row: '', seat: '12', numbered: true }],
    ['', { row: '', seat: '', numbered: false }],
    [null, { row: '', seat: '', numbered: false }],
    [undefined, { row: '', seat: '', numbered: false }],
  ])('%j → %j', (code, expected) => {
    expect(parseSeatCode(code)).toEqual(expected)
  })
})

describe('splitSectionCode (spec §3)', () => {
  it.each<[string | null | undefined, SectionCode]>([
    ['ORIENTAL_ALTA-SECCION_101', { zone: 'ORIENTAL ALTA', section: '101' }],
    ['NORTE-SECCION_A', { zone: 'NORTE', section: 'A' }],
    ['NORTE-A-1', { zone: 'NORTE', section: 'A-1' }],
    ['GENERAL_SECCION-PALCO_VIP', { zone: 'GENERAL', section: 'PALCO VIP' }],
    ['Tribuna_Sur-Sección_2', { zone: 'Tribuna Sur', section: '2' }],
    ['PLATEA-SECCIONAL_1', { zone: 'PLATEA', section: 'SECCIONAL 1' }],
    ['  _OCCIDENTAL__  - _5_ ', { zone: 'OCCIDENTAL', section: '5' }],
    ['PALCO', { zone: '', section: 'PALCO' }],
    ['SECCION_12', { zone: '', section: '12' }],
    ['-12', { zone: '', section: '12' }],
    ['', { zone: '', section: '' }],
    [null, { zone: '', section: '' }],
  ])('%j → %j', (code, expected) => {
    expect(splitSectionCode(code)).toEqual(expected)
  })
})

const numbered: TicketLocation = {
  door: 'Puerta 4',
  zone: 'Oriental',
  sectionCode: 'ORIENTAL_ALTA-SECCION_101',
  seatCode: 'B-12',
  entrySide: 'Norte',
}
const unnumbered: TicketLocation = { ...numbered, seatCode: 'UNNUMBERED-3' }
const sparse: TicketLocation = { sectionCode: 'ORIENTAL_ALTA-SECCION_101', seatCode: 'B-12' }

const parts = (...pairs: [LocationPart['key'], string][]): LocationPart[] =>
  pairs.map(([key, value]) => ({ key, value }))

describe('ticketLocationLabel (spec §3)', () => {
  it.each<[string, TicketLocation, string | null | undefined, LocationPart[]]>([
    [
      'ATS numbered',
      numbered,
      'ATS',
      parts(
        ['zone', 'Oriental'],
        ['entrySide', 'Norte'],
        ['access', 'Puerta 4'],
        ['section', '101'],
        ['row', 'B'],
        ['seat', '12'],
      ),
    ],
    [
      'ATS unnumbered hides row and seat',
      unnumbered,
      'ATS',
      parts(['zone', 'Oriental'], ['entrySide', 'Norte'], ['access', 'Puerta 4'], ['section', '101']),
    ],
    [
      'ATS missing values are dashes, zone from the section code',
      sparse,
      'ats',
      parts(
        ['zone', 'ORIENTAL ALTA'],
        ['entrySide', '-'],
        ['access', '-'],
        ['section', '101'],
        ['row', 'B'],
        ['seat', '12'],
      ),
    ],
    [
      'SAN numbered',
      numbered,
      'SAN',
      parts(['door', 'Puerta 4'], ['locality', 'Oriental'], ['section', '101'], ['row', 'B'], ['seat', '12']),
    ],
    [
      'IFC locality falls back to the section code zone',
      sparse,
      'IFC',
      parts(['door', '-'], ['locality', 'ORIENTAL ALTA'], ['section', '101'], ['row', 'B'], ['seat', '12']),
    ],
    [
      'OSW unnumbered shows dashes',
      unnumbered,
      'OSW',
      parts(['door', 'Puerta 4'], ['locality', 'Oriental'], ['section', '101'], ['row', '-'], ['seat', '-']),
    ],
    [
      'SAN with nothing',
      {},
      'SAN',
      parts(['door', '-'], ['locality', '-'], ['section', '-'], ['row', '-'], ['seat', '-']),
    ],
    [
      'SAN blank zone uses the section code',
      { ...numbered, zone: '  ' },
      'SAN',
      parts(
        ['door', 'Puerta 4'],
        ['locality', 'ORIENTAL ALTA'],
        ['section', '101'],
        ['row', 'B'],
        ['seat', '12'],
      ),
    ],
    [
      'unknown venue shows only what it has',
      { ...unnumbered, door: null },
      'XYZ',
      parts(['zone', 'Oriental'], ['section', '101']),
    ],
    [
      'no venue code',
      numbered,
      undefined,
      parts(['door', 'Puerta 4'], ['zone', 'Oriental'], ['section', '101'], ['row', 'B'], ['seat', '12']),
    ],
    ['no venue code, nothing known', {}, null, []],
  ])('%s', (_name, location, stadiumCode, expected) => {
    expect(ticketLocationLabel(location, stadiumCode)).toEqual(expected)
  })
})

describe('sectionName', () => {
  it.each([
    ['OCCIDENTAL_PREFERENCIAL_SECCION_104', 'Occidental Preferencial', '104'],
    ['ORIENTAL_ALTA-SECCION_101', 'Oriental Alta', '101'],
    ['ORIENTAL_ALTA-SECCION_101', null, '101'],
    ['OCCIDENTAL_PREFERENCIAL_SECCION_104', null, 'OCCIDENTAL PREFERENCIAL 104'],
    ['PLATEA_A', 'Platea', 'A'],
    ['GENERAL', 'Preferente', 'GENERAL'],
    ['NORTE_SECCIÓN_3', 'Norte', '3'],
    ['ZONA_Á_12', 'Zona A', '12'],
    // A zone sold without a map keys its places by the zone's id: no section to show (issue 13).
    ['566b4cb3-0d3e-4a8f-9a51-2f7d3c1e9b10', 'Combo general', ''],
    ['566B4CB3-0D3E-4A8F-9A51-2F7D3C1E9B10', null, ''],
  ])('%s in %s → %s', (code, zone, label) => {
    expect(sectionName(code, zone)).toBe(label)
  })
})

describe('zone-only places', () => {
  const zoneKey = '566b4cb3-0d3e-4a8f-9a51-2f7d3c1e9b10'
  it('recognises a zone key and nothing else', () => {
    expect(isZoneOnlySection(zoneKey)).toBe(true)
    expect(isZoneOnlySection('ORIENTAL_ALTA-SECCION_101')).toBe(false)
    expect(isZoneOnlySection('566b-4cb3')).toBe(false)
  })
  it.each([
    ['ATS', parts(['zone', 'Combo general'], ['entrySide', '-'], ['access', '-'], ['section', '-'])],
    [
      'SAN',
      parts(['door', '-'], ['locality', 'Combo general'], ['section', '-'], ['row', '-'], ['seat', '-']),
    ],
    [null, parts(['zone', 'Combo general'])],
  ])('a general-admission ticket at %s names its zone, never the key', (stadium, expected) => {
    const label = ticketLocationLabel(
      { zone: 'Combo general', sectionCode: zoneKey, seatCode: 'UNNUMBERED-1' },
      stadium,
    )
    expect(label).toEqual(expected)
  })
})

describe('the section named as the layout names it', () => {
  it('prints the seat map’s name of the section, not its tidied code, at a venue without spec signage', () => {
    const location = {
      zone: 'Balcón central',
      sectionCode: 'BALCON_SECCION_CENTRO',
      sectionName: 'Balcón centro',
      seatCode: 'A-8',
    }
    expect(ticketLocationLabel(location, null)).toContainEqual({ key: 'section', value: 'Balcón centro' })
    expect(ticketLocationLabel({ ...location, sectionName: null }, null)).toContainEqual({
      key: 'section',
      value: 'BALCON CENTRO',
    })
  })
})
