import { describe, expect, it } from 'vitest'
import {
  ATTENDEE_COLUMNS,
  type AttendeeExportStatus,
  type AttendeeRow,
  attendeeCells,
  canExportTransition,
  exportStatusesBefore,
  placeOf,
  wallClockText,
} from './attendees.js'

const row: AttendeeRow = {
  ticketId: '4b0c6c2e-3f3f-4a4a-8b8b-1c1c1c1c1c1c',
  holderName: '=HYPERLINK("http://x","y")',
  buyerEmail: 'ana@example.co',
  orderCode: 'PAL-ABC123',
  document: { type: 'CC', number: '1020304050' },
  zone: 'Oriental',
  section: 'ORIENTAL_ALTA-SECCION_101',
  row: 'B',
  seat: 7,
  kind: 'PAID',
  status: 'PAID',
  checkIn: { at: '2026-05-02T00:04:09.000Z', gate: 'Puerta 3' },
}

describe('attendee exports', () => {
  it.each<[AttendeeExportStatus, AttendeeExportStatus, boolean]>([
    ['QUEUED', 'RUNNING', true],
    ['RUNNING', 'RUNNING', true],
    ['RUNNING', 'READY', true],
    ['RUNNING', 'FAILED', true],
    ['READY', 'EXPIRED', true],
    ['QUEUED', 'READY', false],
    ['READY', 'RUNNING', false],
    ['FAILED', 'RUNNING', false],
    ['EXPIRED', 'READY', false],
  ])('%s → %s: %s', (from, to, ok) => {
    expect(canExportTransition(from, to)).toBe(ok)
  })

  it('names where a move may start from', () => {
    expect(exportStatusesBefore('RUNNING')).toEqual(['QUEUED', 'RUNNING'])
    expect(exportStatusesBefore('EXPIRED')).toEqual(['READY'])
  })

  it('writes a row in column order, the check-in on the event’s wall clock', () => {
    const cells = attendeeCells(row, 'es', 'America/Bogota')
    expect(cells).toHaveLength(ATTENDEE_COLUMNS.length)
    expect(cells).toEqual([
      row.ticketId,
      row.holderName,
      'ana@example.co',
      'PAL-ABC123',
      'CC',
      '1020304050',
      'Oriental',
      'ORIENTAL_ALTA-SECCION_101',
      'B',
      7,
      'PAID',
      'PAID',
      'Sí',
      '2026-05-01 19:04:09',
      'Puerta 3',
    ])
    const absent = attendeeCells({ ...row, checkIn: null, document: null }, 'en', 'America/Bogota')
    expect(absent.slice(12)).toEqual(['No', null, null])
    expect(absent.slice(4, 6)).toEqual([null, null])
  })

  it('reads an unnumbered place as no row and no seat', () => {
    expect(placeOf('UNNUMBERED', 3)).toEqual({ row: null, seat: null })
    expect(placeOf('B', 3)).toEqual({ row: 'B', seat: 3 })
    expect(wallClockText('2026-01-01T05:00:00.000Z', 'America/Mexico_City')).toBe('2025-12-31 23:00:00')
  })
})
