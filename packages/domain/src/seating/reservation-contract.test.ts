import { describe, expect, it } from 'vitest'
import { holdBodySchema, reservationSchema } from './reservation-contract.js'

const hold = {
  id: '6f1d3c2e-8a4b-4c1d-9e2f-0a1b2c3d4e5f',
  eventId: '0b7e2d9c-1f3a-4e5b-8c6d-7e8f9a0b1c2d',
  status: 'BOOKED',
  createdAt: '2026-11-24T19:00:00.000Z',
  expiresAt: '2026-11-24T19:10:00.000Z',
  seats: [
    {
      key: 'NORTE/A-12',
      section: 'NORTE',
      row: 'A',
      seat: 12,
      zoneId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      zoneName: 'Norte',
      price: 8_500_000,
    },
  ],
  total: 8_500_000,
}

describe('reservation contract', () => {
  it('reads a hold as the API sends it', () => {
    expect(reservationSchema.parse(hold)).toEqual(hold)
  })

  it('refuses a status outside spec §4 and a price that is not in minor units', () => {
    expect(reservationSchema.safeParse({ ...hold, status: 'LIVE' }).success).toBe(false)
    expect(reservationSchema.safeParse({ ...hold, total: 85_000.5 }).success).toBe(false)
  })

  it('takes seats by key or a quantity of a section, not both half-given', () => {
    const eventId = hold.eventId
    expect(holdBodySchema.safeParse({ eventId, seats: ['NORTE/A-12'] }).success).toBe(true)
    expect(holdBodySchema.safeParse({ eventId, section: 'GENERAL', quantity: 2 }).success).toBe(true)
    expect(holdBodySchema.safeParse({ eventId, seats: [] }).success).toBe(false)
    expect(holdBodySchema.safeParse({ eventId, section: 'GENERAL' }).success).toBe(false)
  })
})
