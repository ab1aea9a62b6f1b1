import type { Db } from '../../db/dialect.js'
import {
  listRecentMessages,
  type NewOutboxMessage,
  insertOutboxMessage as writeMessage,
} from './outbox.repository.js'
import { currentLocale } from './request-locale.js'
import { codeEmail, codeSms } from './templates.js'

/**
 * Codes are written to the outbox in the request that asks for them and delivered by the dispatcher,
 * so a slow or failing mail server never fails a sign-up and nothing is lost on a crash (DESIGN §5).
 */
/** One-time codes by email and SMS; the shape the auth core asks for (auth.config.ts `CodeSender`). */
export interface OutboxCodeSender {
  email(
    to: string,
    code: string,
    purpose: 'sign-in' | 'email-verification' | 'forget-password',
  ): Promise<void>
  sms(to: string, code: string): Promise<void>
}

export function outboxCodeSender(db: Db): OutboxCodeSender {
  return {
    async email(to, code, purpose) {
      const locale = currentLocale('es-CO')
      const rendered = codeEmail(locale, purpose, code)
      await insertOutboxMessage(db, {
        channel: 'email',
        recipient: to,
        locale,
        template: `code.${purpose}`,
        subject: rendered.subject,
        textBody: rendered.text,
        htmlBody: rendered.html,
      })
    },
    async sms(to, code) {
      const locale = currentLocale('es-CO')
      const text = codeSms(locale, code)
      await insertOutboxMessage(db, {
        channel: 'sms',
        recipient: to,
        locale,
        template: 'code.phone',
        subject: text,
        textBody: text,
        htmlBody: null,
      })
    },
  }
}

export type { NewOutboxMessage }

/**
 * A message queued in the caller's transaction, sent by the dispatcher after it commits (DESIGN §5). An SMS
 * is text only: whatever HTML a template made for it is not kept, so the gateway is never handed markup.
 */
export async function insertOutboxMessage(db: Db, m: NewOutboxMessage): Promise<{ id: string }> {
  return writeMessage(db, m.channel === 'sms' ? { ...m, htmlBody: null } : m)
}

/** How many of the newest messages the dev outbox lists (development and the journeys only). */
const DEV_OUTBOX_LIMIT = 200

/**
 * The dev outbox's page: the newest messages, newest first, optionally only those to one address or phone
 * (compared without case, as people type addresses).
 */
export async function recentOutboxMessages(db: Db, to?: string) {
  const wanted = to?.toLowerCase()
  const rows = await listRecentMessages(db, DEV_OUTBOX_LIMIT)
  return rows
    .filter((m) => !wanted || m.recipient.toLowerCase() === wanted)
    .map((m) => ({
      id: m.id,
      channel: m.channel as 'email' | 'sms',
      recipient: m.recipient,
      locale: m.locale,
      template: m.template,
      subject: m.subject,
      textBody: m.text_body,
      htmlBody: m.html_body,
      status: m.status,
      createdAt: new Date(m.created_at).toISOString(),
    }))
}
