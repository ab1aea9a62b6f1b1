import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginAs, registerFan } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'
import { insertPaidOrder, insertTicketEvent, userIdOf } from '../../test/ticket-fixtures.js'

/**
 * Issue 44 item 10 through HTTP: an event's calendar file for anyone who can see the event, and a ticket's for
 * its holder, at the venue's local time, with the ticket's place.
 */
describe.each(ENGINES)('calendar files on %s', (engine) => {
  let t: TestApp
  let fan: string
  let fanId: string

  beforeAll(async () => {
    t = await openTestApp(engine, { demoAccounts: true })
    fan = await loginAs(t.app, 'fan@palco.co')
    fanId = await userIdOf(t.db.db, 'fan@palco.co')
  })
  afterAll(async () => t?.close())

  const get = (url: string, cookie?: string, host = 'localhost:3000') =>
    t.app.inject({ url, headers: { host, ...(cookie ? { cookie } : {}) } })

  it('gives an event’s file to anyone, on the venue’s clock, and the ticket’s to its holder only', async () => {
    // 20:00 in Bogotá on 4 December.
    const event = await insertTicketEvent(t.db.db, {
      startsAt: new Date('2026-12-05T01:00:00Z'),
      name: 'Clásico, fecha 12',
    })
    const file = await get(`/api/event/calendar.ics?id=${event.id}`)
    expect(file.statusCode, file.body).toBe(200)
    expect(file.headers['content-type']).toMatch(/^text\/calendar/)
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename=".+\.ics"$/)
    expect(file.body).toContain('DTSTART;TZID=America/Bogota:20261204T200000\r\n')
    expect(file.body).toContain('SUMMARY:Clásico\\, fecha 12\r\n')
    expect(file.body).toContain(`UID:event-${event.id}@palco\r\n`)
    expect(file.body).toContain('URL:http://localhost:3000/events/')
    // Another country's site does not know the event, as its page does not.
    expect(
      (await get(`/api/event/calendar.ics?id=${event.id}`, undefined, 'mx.localhost:3000')).statusCode,
    ).toBe(404)

    const { tickets } = await insertPaidOrder(t.db.db, fanId, event)
    const ticketId = tickets[0]?.id as string
    const mine = await get(`/api/tickets/${ticketId}/calendar.ics`, fan)
    expect(mine.statusCode, mine.body).toBe(200)
    expect(mine.body).toContain('DTSTART;TZID=America/Bogota:20261204T200000\r\n')
    expect(mine.body).toContain(`URL:http://localhost:3000/my-tickets/${ticketId}\r\n`)
    expect(mine.body).toMatch(/DESCRIPTION:.*Sección: /)
    expect((await get(`/api/tickets/${ticketId}/calendar.ics`)).statusCode).toBe(401)
    const other = await registerFan(t.app, 44)
    expect((await get(`/api/tickets/${ticketId}/calendar.ics`, other)).statusCode).toBe(404)
  })
})
