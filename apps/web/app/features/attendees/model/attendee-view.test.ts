import type { AttendeeExportView } from '@palco/domain/reports/attendees'
import { describe, expect, it } from 'vitest'
import {
  attendeesHref,
  exportModeOf,
  isUnderway,
  linkStale,
  pageParam,
  placeParts,
  progressPercent,
  searchParam,
  withExport,
} from './attendee-view'

const view = (over: Partial<AttendeeExportView> = {}): AttendeeExportView => ({
  id: 'a',
  eventId: 'e',
  format: 'csv',
  status: 'RUNNING',
  rowsTotal: 200,
  rowsWritten: 50,
  createdAt: '2026-05-01T00:00:00.000Z',
  finishedAt: null,
  fileExpiresAt: null,
  download: null,
  ...over,
})

describe('attendee page model', () => {
  it('builds the address from the search and page, leaving defaults out', () => {
    expect(attendeesHref('e1', { q: '', page: 0 })).toBe('/backoffice/events/e1/attendees')
    expect(attendeesHref('e1', { q: 'Ana Pérez', page: 2 })).toBe(
      '/backoffice/events/e1/attendees?q=Ana+P%C3%A9rez&page=2',
    )
  })

  it.each([
    [null, 0],
    ['3', 3],
    ['-1', 0],
    ['x', 0],
    ['9999999', 0],
  ])('reads page %j as %i', (text, page) => {
    expect(pageParam(text)).toBe(page)
  })

  it('trims the search to what the API takes', () => {
    expect(searchParam('  ana  ')).toBe('ana')
    expect(searchParam('x'.repeat(300))).toHaveLength(100)
  })

  it('downloads a small event at once and makes a job of a big one', () => {
    expect(exportModeOf(5000, 5000)).toBe('direct')
    expect(exportModeOf(5001, 5000)).toBe('job')
  })

  it('tells the progress and whether the link still works', () => {
    expect(progressPercent(view())).toBe(25)
    expect(progressPercent(view({ rowsTotal: null }))).toBeNull()
    expect(progressPercent(view({ status: 'READY' }))).toBe(100)
    expect(isUnderway(view({ status: 'QUEUED' }))).toBe(true)
    expect(isUnderway(view({ status: 'FAILED' }))).toBe(false)
    const ready = view({ download: { url: '/x', expiresAt: '2026-05-01T01:00:00.000Z' } })
    expect(linkStale(ready, Date.parse('2026-05-01T00:59:00.000Z'))).toBe(false)
    expect(linkStale(ready, Date.parse('2026-05-01T01:00:00.000Z'))).toBe(true)
    expect(linkStale(view(), 0)).toBe(true)
  })

  it('shows an unnumbered place without row or seat', () => {
    expect(placeParts({ zone: 'Norte', section: '101', row: 'B', seat: 7 }).map((p) => p.value)).toEqual([
      'Norte',
      '101',
      'B',
      '7',
    ])
    expect(placeParts({ zone: 'General', section: '', row: null, seat: null })).toEqual([
      { key: 'zone', value: 'General' },
    ])
  })

  it('keeps the newest export first and replaces one it has', () => {
    const a = view({ id: 'a' })
    const b = view({ id: 'b' })
    expect(withExport([a], b).map((x) => x.id)).toEqual(['b', 'a'])
    expect(withExport([b, a], view({ id: 'a', status: 'READY' }))[1]?.status).toBe('READY')
  })
})
