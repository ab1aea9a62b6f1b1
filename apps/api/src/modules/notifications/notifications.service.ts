import type { Db } from '../../db/dialect.js'
import { insertOutboxMessage } from './outbox.repository.js'
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

/** A message queued in the caller's transaction, sent by the dispatcher after it commits. */
export { insertOutboxMessage, type NewOutboxMessage } from './outbox.repository.js'
