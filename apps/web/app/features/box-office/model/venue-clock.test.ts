import { describe, expect, it } from 'vitest'
import { instantOfVenueField, venueFieldValue } from './venue-clock'

describe('the counter’s deadline field, on the venue’s clock', () => {
  it('writes an instant as the venue’s wall clock, whatever zone the browser is in', () => {
    const instant = new Date('2026-12-01T23:30:00Z')
    expect(venueFieldValue(instant, 'America/Bogota')).toBe('2026-12-01T18:30')
    expect(venueFieldValue(instant, 'America/Mexico_City')).toBe('2026-12-01T17:30')
  })

  it('reads what the operator typed as the venue’s time', () => {
    expect(instantOfVenueField('2026-12-01T18:30', 'America/Bogota')?.toISOString()).toBe(
      '2026-12-01T23:30:00.000Z',
    )
    expect(instantOfVenueField('2026-12-01T18:30', 'America/Mexico_City')?.toISOString()).toBe(
      '2026-12-02T00:30:00.000Z',
    )
  })

  it('names no instant for a half-typed field', () => {
    expect(instantOfVenueField('2026-12-01T', 'America/Bogota')).toBeUndefined()
    expect(instantOfVenueField('', 'America/Bogota')).toBeUndefined()
  })
})
