import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../db/dialect.js'
import { ENGINES, openTestDatabase } from '../../test/test-db.js'
import { dispatchOnce } from './dispatcher.js'
import { insertOutboxMessage, markMessage } from './outbox.repository.js'

const message = (recipient: string, channel: 'email' | 'sms' = 'email') => ({
  channel,
  recipient,
  locale: 'es-CO',
  template: 'test',
  subject: 'Hola',
  textBody: 'Hola',
  htmlBody: null,
})

/** The outbox's statuses move only as packages/domain/src/notifications/outbox-lifecycle.ts allows. */
describe.each(ENGINES)('outbox dispatcher on %s', (engine) => {
  let handle: DbHandle
  beforeAll(async () => {
    handle = await openTestDatabase(engine)
  })
  afterAll(async () => handle?.close())
  const statusOf = async (id: string) =>
    await handle.db
      .selectFrom('outbox_messages')
      .select(['status', 'attempts', 'last_error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  const drain = async (transports: Parameters<typeof dispatchOnce>[1]) => {
    while ((await dispatchOnce(handle.db, transports)) > 0);
  }

  it('keeps a message of a channel with no transport in the dev outbox, and sends the others', async () => {
    const kept = await insertOutboxMessage(handle.db, message('a@example.co'))
    const sent = await insertOutboxMessage(handle.db, message('+573001234567', 'sms'))
    const texts: string[] = []
    await drain({ sms: async (m) => void texts.push(m.to) })
    expect(await statusOf(kept.id)).toMatchObject({ status: 'DEV_OUTBOX', attempts: 1 })
    expect(await statusOf(sent.id)).toMatchObject({ status: 'SENT', attempts: 1 })
    expect(texts).toEqual(['+573001234567'])
  })

  it('tries a refused message again, and gives up after the last attempt', async () => {
    const m = await insertOutboxMessage(handle.db, message('b@example.co'))
    const refuse = {
      email: async () => {
        throw new Error('mailbox unavailable')
      },
    }
    await dispatchOnce(handle.db, refuse)
    expect(await statusOf(m.id)).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      last_error: 'mailbox unavailable',
    })
    await drain(refuse)
    expect(await statusOf(m.id)).toMatchObject({ status: 'FAILED', attempts: 5 })
  })

  it('ends only an attempt a dispatcher holds: a queued message is not marked sent', async () => {
    const m = await insertOutboxMessage(handle.db, message('c@example.co'))
    // SENDING → SENT names the status it leaves: a message no dispatcher claimed stays queued.
    await markMessage(handle.db, m.id, { status: 'SENT' })
    expect(await statusOf(m.id)).toMatchObject({ status: 'PENDING', attempts: 0 })
    await drain({ email: async () => undefined })
    expect(await statusOf(m.id)).toMatchObject({ status: 'SENT', attempts: 1 })
  })
})
