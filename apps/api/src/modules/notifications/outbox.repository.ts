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
 * Takes up to `limit` pending messages for one dispatcher; SKIP LOCKED lets several processes share the
 * outbox without sending a message twice.
 */
export async function claimPendingMessages(db: Db, limit: number) {
  return db
    .updateTable('outbox_messages')
    .set({ status: 'SENDING', attempts: sql`attempts + 1` })
    .where(
      'id',
      'in',
      db
        .selectFrom('outbox_messages')
        .select('id')
        .where('status', '=', 'PENDING')
        .orderBy('created_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute()
}

export async function markMessage(
  db: Db,
  id: string,
  outcome: { status: 'SENT' | 'PENDING' | 'FAILED' | 'DEV_OUTBOX'; error?: string },
) {
  await db
    .updateTable('outbox_messages')
    .set({
      status: outcome.status,
      last_error: outcome.error ?? null,
      sent_at: outcome.status === 'SENT' || outcome.status === 'DEV_OUTBOX' ? new Date() : null,
    })
    .where('id', '=', id)
    .execute()
}

/** Messages stuck in SENDING (a process died mid-send) go back to the queue after a while. */
export async function releaseStaleClaims(db: Db, olderThan: Date) {
  await db
    .updateTable('outbox_messages')
    .set({ status: 'PENDING' })
    .where('status', '=', 'SENDING')
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
