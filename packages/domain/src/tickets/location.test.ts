import { describe, expect, it } from 'vitest'
import {
  type LocationPart,
  parseSeatCode,
  type SeatCode,
  type SectionCode,
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
