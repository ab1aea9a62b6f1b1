import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { EVENT_INITIAL_STATUSES } from '@palco/domain/catalog/event-lifecycle'
import { ORDER_INITIAL_STATES, PAYMENT_INITIAL_STATES } from '@palco/domain/checkout/lifecycle'
import { OUTBOX_INITIAL_STATUSES } from '@palco/domain/notifications/outbox-lifecycle'
import { SANDBOX_INITIAL_STATUSES } from '@palco/domain/payments/sandbox-lifecycle'
import { WEBHOOK_INITIAL_STATUSES } from '@palco/domain/payments/webhook-lifecycle'
import { REGISTRATION_INITIAL_STATUSES } from '@palco/domain/people/registration-lifecycle'
import { LAYOUT_INITIAL_STATUSES } from '@palco/domain/seating/layout-lifecycle'
import { TICKET_INITIAL_STATUSES } from '@palco/domain/tickets/status-lifecycle'
import { UPLOAD_INITIAL_STATUSES } from '@palco/domain/uploads/lifecycle'
import { describe, expect, it } from 'vitest'
import {
  findStatusWrites,
  type InitialStatuses,
  keyOf,
  readSchema,
  type StatusWrite,
  sourceFilesUnder,
} from './status-writes.js'

/**
 * DESIGN §4 rule 5 (issue 41 part 4): every status column moves through a transition table of
 * packages/domain, so an illegal change is an error rather than a silent write. This reads every status write
 * of the API's modules (status-writes.ts says how) and fails on one that is not a move.
 */

const API_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const schema = readSchema(fs.readFileSync(path.join(API_SRC, 'db/schema.ts'), 'utf8'))

/** The statuses a row may be inserted in as a literal, from each table's lifecycle in packages/domain. */
const INITIAL: InitialStatuses = {
  tickets: { status: TICKET_INITIAL_STATUSES },
  events: { status: EVENT_INITIAL_STATUSES },
  fans: { registration_status: REGISTRATION_INITIAL_STATUSES },
  uploads: { status: UPLOAD_INITIAL_STATUSES },
  layouts: { status: LAYOUT_INITIAL_STATUSES },
  outbox_messages: { status: OUTBOX_INITIAL_STATUSES },
  payment_webhooks: { status: WEBHOOK_INITIAL_STATUSES },
  sandbox_payments: { status: SANDBOX_INITIAL_STATUSES },
  orders: { status: [ORDER_INITIAL_STATES.status], purchase_status: [ORDER_INITIAL_STATES.purchase] },
  payments: {
    status: [PAYMENT_INITIAL_STATES.payment],
    transaction_status: [PAYMENT_INITIAL_STATES.transaction],
  },
}

/**
 * Writes allowed not to be moves yet. Empty since issue 41: every status write is a move. An entry whose
 * write has become a move (or gone) fails the check too, so the list can only shrink once something is put in.
 */
const KNOWN = new Set<string>([])

const describeWrite = (w: StatusWrite) =>
  `apps/api/src/${w.file}:${w.line} ${keyOf(w)}: ${w.problem ?? 'a move'}`

describe('status writes (DESIGN §4 rule 5)', () => {
  const writes = findStatusWrites(sourceFilesUnder(API_SRC, 'modules'), schema, INITIAL)

  it('reads the writes of every table with a status column', () => {
    const keys = new Set(writes.map(keyOf))
    for (const key of [
      'tickets.status in moveTicketsOfOrder()',
      'uploads.status in markComplete()',
      'layouts.status in markPublished()',
      'outbox_messages.status in markMessage()',
      'payment_webhooks.status in markNotification()',
      'sandbox_payments.status in moveSandboxPayment()',
      'payments.status in movePayment()',
      'payments.status in insertPayment()',
      'events.status in setEventStatus()',
      'events.status in insertEvent()',
      'fans.registration_status in anonymizeFan()',
      'fans.registration_status in insertFan()',
    ])
      expect(keys, key).toContain(key)
  })

  it('lets no status write through that is not a move, beyond those known', () => {
    const unknown = writes.filter((w) => w.problem && !KNOWN.has(keyOf(w)))
    expect(unknown.map(describeWrite), 'status writes outside a transition table').toEqual([])
  })

  it('knows of no write that is a move already (take such an entry out of KNOWN)', () => {
    const violating = new Set(writes.filter((w) => w.problem).map(keyOf))
    expect([...KNOWN].filter((key) => !violating.has(key))).toEqual([])
  })
})

/** A repository made up for the check itself: each write below is one the check must refuse, or accept. */
const PLANTED = `
import { assertUploadMove } from '@palco/domain/uploads/lifecycle'
import type { Insertable, Updateable } from 'kysely'
import type { PaymentsTable } from '../../db/schema.js'

export async function freeWrite(db: Db, id: string, status: string) {
  await db.updateTable('tickets').set({ status }).where('id', '=', id).execute()
}
export async function guardedOnly(db: Db, id: string) {
  await db.updateTable('uploads').set({ status: 'COMPLETE' }).where('id', '=', id).where('status', '=', 'PENDING').execute()
}
export async function checkedOnly(db: Db, id: string) {
  assertUploadMove('PENDING', 'REJECTED')
  await db.updateTable('uploads').set({ status: 'REJECTED' }).where('id', '=', id).execute()
}
export async function anyColumns(db: Db, id: string, set: Updateable<PaymentsTable>) {
  await db.updateTable('payments').set({ ...set, updated_at: new Date() }).where('id', '=', id).execute()
}
export async function bornRefunded(db: Db, orderId: string) {
  await db.insertInto('tickets').values({ order_id: orderId, status: 'REFUNDED' }).execute()
}
export async function anyRow(db: Db, row: Insertable<PaymentsTable>) {
  await db.insertInto('payments').values(row).execute()
}
export async function rawUpdate(db: Db, id: string) {
  await sql\`update tickets set status = 'REFUNDED' where id = \${id}\`.execute(db)
}
export async function aMove(db: Db, id: string) {
  assertUploadMove('PENDING', 'COMPLETE')
  await db.updateTable('uploads').set({ status: 'COMPLETE' }).where('id', '=', id).where('status', '=', 'PENDING').execute()
}
export async function bornPending(db: Db, orderId: string) {
  await db.insertInto('tickets').values({ order_id: orderId, status: 'PAID' }).execute()
}
export async function notAStatus(db: Db, id: string) {
  await db.updateTable('payments').set({ checked_at: new Date() }).where('id', '=', id).execute()
}
`

describe('a violation planted in a repository', () => {
  const found = findStatusWrites(
    [{ file: 'modules/planted/planted.repository.ts', text: PLANTED }],
    schema,
    INITIAL,
  )
  const problemOf = (fn: string) => found.filter((w) => w.fn === fn).map((w) => w.problem)

  it.each([
    ['freeWrite', /neither a where-status guard nor a transition table/],
    ['guardedOnly', /consults no transition table/],
    ['checkedOnly', /not guarded by where status = from/],
    ['anyColumns', /neither/],
    ['bornRefunded', /inserts status REFUNDED, not an initial status/],
    ['anyRow', /cannot show is initial/],
    ['rawUpdate', /raw update of status, unguarded/],
  ])('refuses %s', (fn, problem) => {
    expect(problemOf(fn).length).toBeGreaterThan(0)
    for (const p of problemOf(fn)) expect(p).toMatch(problem)
  })

  it('accepts a move, a ticket issued paid, and a write of no status', () => {
    expect(problemOf('aMove')).toEqual([null])
    expect(problemOf('bornPending')).toEqual([null])
    expect(problemOf('notAStatus')).toEqual([])
  })

  it('reads both status columns of a payment written with any columns', () => {
    expect(found.filter((w) => w.fn === 'anyColumns').map((w) => w.column)).toEqual([
      'status',
      'transaction_status',
    ])
  })
})
