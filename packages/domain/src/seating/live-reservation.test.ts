import { describe, expect, it } from 'vitest'
import { RESERVATION_STATUSES } from '../orders/statuses.js'
import { isLiveReservation } from './live-reservation.js'

describe('isLiveReservation', () => {
  it('calls a hold live only while it can still be changed and paid: BOOKED or ACTIVE', () => {
    const live = RESERVATION_STATUSES.filter((status) => isLiveReservation({ status }))
    expect(live).toEqual(['BOOKED', 'ACTIVE'])
  })
})
