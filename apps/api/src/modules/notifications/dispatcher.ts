import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import type { Db } from '../../db/dialect.js'
import type { QueueDefinition } from '../jobs/job-runner.js'
import { claimPendingMessages, markMessage, releaseStaleClaims } from './outbox.repository.js'

export interface Transports {
  email?: (m: { to: string; subject: string; text: string; html: string | null }) => Promise<void>
  sms?: (m: { to: string; text: string }) => Promise<void>
}

const MAX_ATTEMPTS = 5

/** SMTP by nodemailer when SMTP_URL is set; an HTTP SMS gateway when SMS_WEBHOOK_URL is set. */
export function transportsFromConfig(config: {
  SMTP_URL?: string | undefined
  MAIL_FROM: string
  SMS_WEBHOOK_URL?: string | undefined
  SMS_WEBHOOK_TOKEN?: string | undefined
}): Transports {
  const transports: Transports = {}
  if (config.SMTP_URL) {
    const mailer = nodemailer.createTransport(config.SMTP_URL)
    transports.email = async (m) => {
      await mailer.sendMail({
        from: config.MAIL_FROM,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? undefined,
      })
    }
  }
  if (config.SMS_WEBHOOK_URL) {
    const url = config.SMS_WEBHOOK_URL
    transports.sms = async (m) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.SMS_WEBHOOK_TOKEN ? { authorization: `Bearer ${config.SMS_WEBHOOK_TOKEN}` } : {}),
        },
        body: JSON.stringify({ to: m.to, text: m.text }),
        signal: AbortSignal.timeout(10_000),
      })
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`)
    }
  }
  return transports
}

/**
 * Delivers what is waiting in the outbox. A channel with no transport keeps its messages in the dev
 * outbox (status DEV_OUTBOX, readable at /dev/outbox) so every flow works on a fresh clone.
 */
export async function dispatchOnce(db: Db, transports: Transports, log?: FastifyBaseLogger): Promise<number> {
  await releaseStaleClaims(db, new Date(Date.now() - 5 * 60_000))
  const batch = await claimPendingMessages(db, 20)
  for (const m of batch) {
    const send = m.channel === 'email' ? transports.email : transports.sms
    if (!send) {
      await markMessage(db, m.id, { status: 'DEV_OUTBOX' })
      continue
    }
    try {
      if (m.channel === 'email') {
        await transports.email?.({
          to: m.recipient,
          subject: m.subject,
          text: m.text_body,
          html: m.html_body,
        })
      } else {
        await transports.sms?.({ to: m.recipient, text: m.text_body })
      }
      await markMessage(db, m.id, { status: 'SENT' })
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err)
      log?.warn({ messageId: m.id, channel: m.channel, error }, 'outbox delivery failed')
      await markMessage(db, m.id, { status: m.attempts >= MAX_ATTEMPTS ? 'FAILED' : 'PENDING', error })
    }
  }
  return batch.length
}

/**
 * Mail and SMS dispatch as a periodic job (issue 42 part 3): a tick every second, one at a time across every
 * process. Idempotent: `claimPendingMessages` moves a message PENDING → SENDING under SKIP LOCKED and
 * `markMessage` ends it SENT, so a second run finds nothing left to send; a tick killed mid-send leaves its
 * claims to `releaseStaleClaims` (five minutes), so a message is sent again only when its fate is unknown.
 */
export function dispatchJob(db: Db, transports: Transports, log?: FastifyBaseLogger): QueueDefinition {
  return {
    name: 'outbox-dispatch',
    everyMs: 1000,
    retryLimit: 2,
    retryDelaySeconds: 5,
    expireInSeconds: 10 * 60,
    handle: async () => {
      // Up to 20 a call: keep going while a batch comes back full, so a burst does not wait a tick per 20.
      for (let i = 0; i < 50 && (await dispatchOnce(db, transports, log)) === 20; i++);
    },
  }
}
