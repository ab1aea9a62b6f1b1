import { describe, expect, it } from 'vitest'
import {
  eventDashboardPath,
  organiserDashboardHref,
  organiserParam,
  percentOf,
  spanParam,
  timeSeries,
} from './dashboard-view'

describe('the dashboards’ rules', () => {
  it('builds their addresses and reads theirs back', () => {
    expect(eventDashboardPath('a b')).toBe('/backoffice/events/a%20b/dashboard')
    expect(organiserDashboardHref(null)).toBe('/backoffice/dashboard')
    const id = '0b6f7c1e-2a4d-4c55-9a3e-6f1d2c3b4a59'
    expect(organiserDashboardHref(id)).toBe(`/backoffice/dashboard?organiser=${id}`)
    expect(organiserParam(id)).toBe(id)
    expect(organiserParam('x; drop')).toBeNull()
    expect(spanParam('hour')).toBe('hour')
    expect(spanParam('week')).toBe('day')
  })
  it('turns figures into a chart’s series in seconds', () => {
    const s = timeSeries(
      [
        { hour: '2026-11-30T04:00:00Z', gross: 5, net: 4 },
        { hour: '2026-11-30T05:00:00Z', gross: 7, net: 7 },
      ],
      (r) => r.hour,
      ['gross', 'net'],
    )
    expect(s.x).toEqual([1_796_011_200, 1_796_014_800])
    expect(s.series).toEqual([
      { key: 'gross', values: [5, 7] },
      { key: 'net', values: [4, 7] },
    ])
    expect(percentOf(1, 3)).toBe(33)
    expect(percentOf(1, 0)).toBe(0)
  })
})
