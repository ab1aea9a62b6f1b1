import { randomUUID } from 'node:crypto'
import { DomainError } from '@palco/domain/errors/domain-error'
import { canSandboxTransition, type SandboxPaymentStatus } from '@palco/domain/payments/sandbox-lifecycle'
import type { Db } from '../../db/dialect.js'
import { findPayment, latestPaymentOf } from './payments.repository.js'
import { SANDBOX_SIGNATURE_HEADER, signSandboxBody } from './providers/sandbox/sandbox.adapter.js'
import {
  findSandboxPayment,
  moveSandboxPayment,
  pendingSandboxPaymentsOfFan,
} from './providers/sandbox/sandbox.repository.js'

export type SandboxAction = 'approve' | 'decline' | 'expire'

const STATUS_OF: Readonly<Record<SandboxAction, SandboxPaymentStatus>> = {
  approve: 'APPROVED',
  decline: 'DECLINED',
  expire: 'EXPIRED',
}

/**
 * By the sandbox's own id, our payment id, or an order id (its latest payment): the voucher and SPEI
 * pages know only the order, and the dev pages need to find what to mark paid from there.
 */
async function sandboxPaymentOf(db: Db, id: string) {
  const direct = await findSandboxPayment(db, id)
  if (direct || !/^[0-9a-f-]{36}$/i.test(id)) return direct
  const latest = await latestPaymentOf(db, id)
  return latest ? findSandboxPayment(db, latest.id) : undefined
}

export async function sandboxPaymentView(db: Db, id: string) {
  const row = await sandboxPaymentOf(db, id)
  if (!row) throw new DomainError('NOT_FOUND', { message: 'No such sandbox payment.' })
  const ours = await findPayment(db, row.payment_id)
  return {
    id: row.id,
    paymentId: row.payment_id,
    orderId: ours?.order_id ?? null,
    method: row.method,
    kind: row.kind,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status,
    reference: row.reference,
    clabe: row.clabe,
    expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
    returnUrl: row.return_url,
    backUrls: (row.back_urls as { success: string; failure: string; pending: string } | null) ?? null,
  }
}

/** How many waiting payments the dev pages list: a developer's recent attempts, not a history. */
const PENDING_LIST_LIMIT = 20

/**
 * The fan's sandbox payments still waiting to be decided, for `/dev/sandbox-bank` and
 * `/dev/sandbox-payments` opened without an id (the README links the bank page bare): each one leads to
 * the page that decides it, instead of a 404.
 */
export async function pendingSandboxPayments(db: Db, userId: string) {
  const rows = await pendingSandboxPaymentsOfFan(db, userId, PENDING_LIST_LIMIT)
  return rows.map((row) => ({
    id: row.id,
    paymentId: row.payment_id,
    orderId: row.order_id,
    orderCode: row.order_code,
    method: row.method,
    kind: row.kind,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
  }))
}

/**
 * What a fan paying at a store or a bank would cause at a real provider: the sandbox changes its own
 * books, then notifies us through the same signed webhook a provider would send. Settling an already settled
 * payment is allowed on purpose (replays, late payments after expiry, a refusal after the approval are what
 * we test): settled again in the status it has, nothing is written and the notification goes again. Only a
 * refunded payment is refused (409), as its table says (packages/domain/src/payments/sandbox-lifecycle.ts).
 */
export async function settleSandboxPayment(db: Db, secret: string, id: string, action: SandboxAction) {
  const row = await sandboxPaymentOf(db, id)
  if (!row) throw new DomainError('NOT_FOUND', { message: 'No such sandbox payment.' })
  const to = STATUS_OF[action]
  if (row.status !== to) {
    if (!canSandboxTransition(row.status as SandboxPaymentStatus, to))
      throw new DomainError('CONFLICT', { message: `A ${row.status} sandbox payment cannot become ${to}.` })
    const moved = await moveSandboxPayment(db, row, to, action === 'decline' ? 'rejected_by_bank' : undefined)
    if (!moved) throw new DomainError('CONFLICT', { message: 'The sandbox payment changed meanwhile.' })
  }
  const rawBody = JSON.stringify({ id: randomUUID(), type: 'payment', action, paymentId: row.id })
  return {
    row,
    rawBody,
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(secret, rawBody),
    },
  }
}
