import { describe, expect, it } from 'vitest'
import { type OrderEmailData, orderConfirmationEmail, refundEmail } from './order-emails.js'

/** Issue 13: a race's inscriptions and general admission are not seats, and the mails must not say so. */

const race: OrderEmailData = {
  code: 'PAL-RACE01',
  eventName: 'Carrera 10K Bogotá Corre',
  startsAt: new Date('2026-12-06T12:00:00Z'),
  timeZone: 'America/Bogota',
  venueName: 'Parque Simón Bolívar',
  currency: 'COP',
  lines: [
    // A zone sold without a map: its places are keyed by the zone's id, with no row or seat.
    {
      section: '3f2a9c1e-4b7d-4e1a-9c2b-1d2e3f4a5b6c',
      row: 'UNNUMBERED',
      seat: 0,
      zoneName: '10K',
      total: 9_000_000,
    },
  ],
  subtotal: 8_000_000,
  fees: 1_000_000,
  discount: 0,
  total: 9_000_000,
  ticketsUrl: 'http://localhost:3000/my-tickets',
}

const SEAT_WORDS = /\bsillas?\b|\bseats?\b/i

describe.each(['es-CO', 'en-US'] as const)('order mails in %s', (locale) => {
  it('never call the places of an inscription or general admission seats', () => {
    const mail = orderConfirmationEmail(locale, race)
    expect(mail.text).toContain('10K')
    expect(mail.text).not.toMatch(SEAT_WORDS)
    expect(mail.html).not.toMatch(SEAT_WORDS)
  })

  it('still name a numbered seat', () => {
    const seated = {
      ...race,
      lines: [{ ...race.lines[0], section: 'NORTE', row: 'B', seat: 12, zoneName: 'Norte' }],
    }
    expect(orderConfirmationEmail(locale, seated as OrderEmailData).text).toMatch(SEAT_WORDS)
  })

  it.each([true, false])('explain a refund without saying seats (places gone: %s)', (seatsGone) => {
    const mail = refundEmail(locale, {
      code: race.code,
      eventName: race.eventName,
      amount: race.total,
      currency: 'COP',
      toWallet: false,
      seatsGone,
    })
    expect(mail.text).not.toMatch(SEAT_WORDS)
    expect(mail.html).not.toMatch(SEAT_WORDS)
  })
})
