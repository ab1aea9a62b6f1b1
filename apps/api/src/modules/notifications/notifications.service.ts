import type { Db } from '../../db/dialect.js'
import type { CodeSender } from '../auth/auth.config.js'
import { insertOutboxMessage } from './outbox.repository.js'
import { currentLocale } from './request-locale.js'
import { codeEmail, codeSms } from './templates.js'

/**
 * Codes are written to the outbox in the request that asks for them and delivered by the dispatcher,
 * so a slow or failing mail server never fails a sign-up and nothing is lost on a crash (DESIGN §5).
 */
export function outboxCodeSender(db: Db): CodeSender {
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
