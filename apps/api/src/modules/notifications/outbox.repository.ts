import {
  assertOutboxMove,
  type OutboxOutcome,
  type OutboxStatus,
} from '@palco/domain/notifications/outbox-lifecycle'
import { sql } from 'kysely'
import type { Db } from '../../db/dialect.js'

export interface NewOutboxMessage {
  channel: 'email' | 'sms'
  recipient: string
  locale: string
  template: string
  subject: string
  textBody: string
  htmlBody: string | null
}

export async function insertOutboxMessage(db: Db, m: NewOutboxMessage) {
  return db
    .insertInto('outbox_messages')
    .values({
      channel: m.channel,
      recipient: m.recipient,
      locale: m.locale,
      template: m.template,
      subject: m.subject,
      text_body: m.textBody,
      html_body: m.htmlBody,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow()
}

/**
 * Takes up to `limit` pending messages for one dispatcher (PENDING → SENDING); SKIP LOCKED lets several
 * processes share the outbox without sending a message twice.
 */
export async function claimPendingMessages(db: Db, limit: number) {
  const [from, to]: [OutboxStatus, OutboxStatus] = ['PENDING', 'SENDING']
  assertOutboxMove(from, to)
  return db
    .updateTable('outbox_messages')
    .set({ status: to, attempts: sql`attempts + 1` })
    .where(
      'id',
      'in',
      db
        .selectFrom('outbox_messages')
        .select('id')
        .where('status', '=', from)
        .orderBy('created_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .where('status', '=', from)
    .returningAll()
    .execute()
}

/**
 * Ends one attempt at a claimed message (SENDING → sent, kept for the dev outbox, failed for good, or back to
 * PENDING for another try). A message whose claim went stale and was released meanwhile is left to the
 * dispatcher that claims it next.
 */
export async function markMessage(db: Db, id: string, outcome: { status: OutboxOutcome; error?: string }) {
  const from: OutboxStatus = 'SENDING'
  assertOutboxMove(from, outcome.status)
  await db
    .updateTable('outbox_messages')
    .set({
      status: outcome.status,
      last_error: outcome.error ?? null,
      sent_at: outcome.status === 'SENT' || outcome.status === 'DEV_OUTBOX' ? new Date() : null,
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .execute()
}

/** Messages stuck in SENDING (a process died mid-send) go back to the queue after a while. */
export async function releaseStaleClaims(db: Db, olderThan: Date) {
  const [from, to]: [OutboxStatus, OutboxStatus] = ['SENDING', 'PENDING']
  assertOutboxMove(from, to)
  await db
    .updateTable('outbox_messages')
    .set({ status: to })
    .where('status', '=', from)
    .where('created_at', '<', olderThan)
    .execute()
}

export async function listRecentMessages(db: Db, limit: number) {
  return db
    .selectFrom('outbox_messages')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute()
}
