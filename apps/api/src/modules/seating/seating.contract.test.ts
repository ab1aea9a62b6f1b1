import { liveReservationSchema, reservationSchema } from '@palco/domain/seating/reservation-contract'
import {
  bestAvailableProposalSchema,
  seatAvailabilitySchema,
  seatLayoutSchema,
} from '@palco/domain/seating/seat-layout-contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seatedEvent } from '../../test/seating-fixtures.js'
import { loginAs } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'

/**
 * The seat map's answers are too big to run through zod on every request (bench:availability), so their
 * routes keep their own serializers; these tests hold what those serializers send to the contract that the
 * web reads them with (issue 14 part 5).
 */
describe.each(ENGINES)('seating contract on %s', (engine) => {
  let t: TestApp
  let fan: string

  beforeAll(async () => {
    t = await openTestApp(engine, { demoAccounts: true })
    fan = await loginAs(t.app, 'fan@palco.co')
  })
  afterAll(async () => t?.close())

  it('sends a seat layout and availability that parse with the seat map contract', async () => {
    const event = await seatedEvent(t.db.db)
    const layout = await t.app.inject({ url: `/api/event/seat-layout?eventId=${event.id}` })
    expect(layout.statusCode).toBe(200)
    const parsed = seatLayoutSchema.safeParse(layout.json())
    expect(parsed.error).toBeUndefined()
    expect(Object.keys(parsed.data?.zones ?? {})).toContain('NORTE')

    const seats = await t.app.inject({ url: `/api/seats?eventId=${event.id}` })
    expect(seats.statusCode).toBe(200)
    expect(seatAvailabilitySchema.safeParse(seats.json()).error).toBeUndefined()
  })

  it('answers holds and proposals in the reservation and seat map contracts', async () => {
    const event = await seatedEvent(t.db.db)
    const proposal = await t.app.inject({
      method: 'POST',
      url: '/api/seats/best-available',
      payload: { eventId: event.id, quantity: 2 },
    })
    expect(proposal.statusCode, proposal.body).toBe(200)
    const { seats } = bestAvailableProposalSchema.parse(proposal.json())

    const held = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { cookie: fan },
      payload: { eventId: event.id, seats },
    })
    expect(held.statusCode, held.body).toBe(201)
    const reservation = reservationSchema.parse(held.json())
    expect(reservation.seats.map((s) => s.key)).toEqual(seats)

    const live = await t.app.inject({
      url: `/api/reservations?eventId=${event.id}`,
      headers: { cookie: fan },
    })
    expect(liveReservationSchema.parse(live.json()).reservation?.id).toBe(reservation.id)

    const released = await t.app.inject({
      method: 'DELETE',
      url: `/api/reservations/${reservation.id}`,
      headers: { cookie: fan },
    })
    expect(reservationSchema.parse(released.json()).status).toBe('CANCELLED')
  })
})
