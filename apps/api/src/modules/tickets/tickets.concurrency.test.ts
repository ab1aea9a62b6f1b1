import { randomUUID } from 'node:crypto'
import { DomainError } from '@palco/domain/errors/domain-error'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../db/dialect.js'
import { openTestDatabase } from '../../test/test-db.js'
import { insertPaidOrder, insertPassProduct, insertTicketEvent } from '../../test/ticket-fixtures.js'
import { checkIn, ticketDetail, transferTicket } from './tickets.service.js'

const GATES = 12

/**
 * Gates scanning the same ticket at the same instant over real connections (issue 7: "recording the entry
 * exactly once even when two gates scan the same ticket at the same moment"). PostgreSQL only: PGlite has
 * one connection, so nothing can race there.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('gate check-in under contention on PostgreSQL', () => {
  let handle: DbHandle
  const owner = { userId: randomUUID(), email: 'race-owner@example.co' }

  beforeAll(async () => {
    handle = await openTestDatabase('postgres')
    await handle.db
      .insertInto('auth_users')
      .values({
        id: owner.userId,
        name: 'Owner',
        email: owner.email,
        emailVerified: true,
        image: null,
        role: 'fan',
      })
      .execute()
  })
  afterAll(async () => handle?.close())

  async function codeOf(ticketId: string) {
    const detail = await ticketDetail(handle.db, owner, ticketId)
    if (detail.qr?.type !== 'STATIC_DEFAULT') throw new Error('expected a static code')
    return detail.qr.code
  }

  it('admits a ticket scanned by many gates at once exactly once', async () => {
    const event = await insertTicketEvent(handle.db)
    const { tickets } = await insertPaidOrder(handle.db, owner.userId, event, { seats: 1 })
    const code = await codeOf(tickets[0]?.id as string)
    const results = await Promise.all(
      Array.from({ length: GATES }, (_, i) =>
        checkIn(handle.db, randomUUID(), { code, eventId: event.id, gate: `Puerta ${i}` }, new Date()),
      ),
    )
    const valid = results.filter((r) => r.result === 'VALID')
    expect(valid).toHaveLength(1)
    expect(results.filter((r) => r.result === 'ALREADY_USED')).toHaveLength(GATES - 1)
    for (const r of results) expect(r.gate).toBe(valid[0]?.gate)
    const rows = await handle.db
      .selectFrom('ticket_checkins')
      .selectAll()
      .where('ticket_id', '=', tickets[0]?.id as string)
      .execute()
    expect(rows).toHaveLength(1)
  })

  it('admits a season pass once at each included event when gates of both scan it at once', async () => {
    const first = await insertTicketEvent(handle.db)
    const second = await insertTicketEvent(handle.db)
    const pass = await insertPassProduct(handle.db, [first, second])
    const { tickets } = await insertPaidOrder(handle.db, owner.userId, pass, { seats: 1 })
    const id = tickets[0]?.id as string
    const code = await codeOf(id)
    // Half the gates at each match, all at the same instant: twice at the same event and at two at once.
    const gates = Array.from({ length: GATES }, (_, i) => ({
      eventId: i % 2 === 0 ? first.id : second.id,
      gate: `Puerta ${i}`,
    }))
    const results = await Promise.all(
      gates.map((g) => checkIn(handle.db, randomUUID(), { code, ...g }, new Date())),
    )
    for (const eventId of [first.id, second.id]) {
      const here = results.filter((_, i) => gates[i]?.eventId === eventId)
      const valid = here.filter((r) => r.result === 'VALID')
      expect(valid).toHaveLength(1)
      expect(here.filter((r) => r.result === 'ALREADY_USED')).toHaveLength(GATES / 2 - 1)
      for (const r of here) expect(r.gate).toBe(valid[0]?.gate)
    }
    const rows = await handle.db
      .selectFrom('ticket_checkins')
      .select(['event_id'])
      .where('ticket_id', '=', id)
      .orderBy('event_id')
      .execute()
    expect(rows.map((r) => r.event_id)).toEqual([first.id, second.id].sort())
  })

  it('a transfer racing a scan: either the entry or the transfer wins, never both', async () => {
    for (let round = 0; round < 5; round++) {
      const event = await insertTicketEvent(handle.db)
      const { tickets } = await insertPaidOrder(handle.db, owner.userId, event, { seats: 1 })
      const id = tickets[0]?.id as string
      const code = await codeOf(id)
      const [scan, transfer] = await Promise.allSettled([
        checkIn(handle.db, randomUUID(), { code, eventId: event.id, gate: 'Sur' }, new Date()),
        transferTicket(
          handle.db,
          owner,
          id,
          { email: `friend${round}.${Date.now()}@example.co` },
          {
            locale: 'es-CO',
            country: 'COL',
            now: new Date(),
          },
        ),
      ])
      const admitted = scan.status === 'fulfilled' && scan.value.result === 'VALID'
      const moved = transfer.status === 'fulfilled'
      expect(admitted !== moved).toBe(true)
      if (!moved) expect((transfer as PromiseRejectedResult).reason).toBeInstanceOf(DomainError)
    }
  })
})
