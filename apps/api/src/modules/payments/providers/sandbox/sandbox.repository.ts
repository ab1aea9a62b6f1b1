import {
  assertSandboxMove,
  assertSandboxStart,
  type SandboxPaymentStatus,
} from '@palco/domain/payments/sandbox-lifecycle'
import { sql } from 'kysely'
import type { Db } from '../../../../db/dialect.js'

export interface NewSandboxPayment {
  paymentId: string
  idempotencyKey: string
  kind: 'CARD' | 'CASH' | 'TRANSFER' | 'LINK'
  method: string
  amount: number
  currency: string
  status: SandboxPaymentStatus
  declineReason?: string | null
  reference?: string | null
  barcode?: string | null
  clabe?: string | null
  returnUrl?: string | null
  /** A hosted page's success/failure/pending addresses. */
  backUrls?: { success: string; failure: string; pending: string } | null
  expiresAt?: Date | null
}

/** Inserts once per idempotency key; a retry gets the row the first attempt made (like a real provider). */
export async function insertOrGetSandboxPayment(db: Db, p: NewSandboxPayment) {
  assertSandboxStart(p.status)
  const inserted = await db
    .insertInto('sandbox_payments')
    .values({
      payment_id: p.paymentId,
      idempotency_key: p.idempotencyKey,
      kind: p.kind,
      method: p.method,
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      decline_reason: p.declineReason ?? null,
      reference: p.reference ?? null,
      barcode: p.barcode ?? null,
      clabe: p.clabe ?? null,
      return_url: p.returnUrl ?? null,
      back_urls: p.backUrls ? JSON.stringify(p.backUrls) : null,
      expires_at: p.expiresAt ?? null,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst()
  return {
    row:
      inserted ??
      (await db
        .selectFrom('sandbox_payments')
        .selectAll()
        .where('idempotency_key', '=', p.idempotencyKey)
        .executeTakeFirstOrThrow()),
    created: inserted !== undefined,
  }
}

/** By the sandbox's own id or by our payment id (the dev pages may hold either). */
export async function findSandboxPayment(db: Db, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined
  return db
    .selectFrom('sandbox_payments')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', id), eb('payment_id', '=', id)]))
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/**
 * Moves a sandbox payment from the status it was read in, as packages/domain/src/payments/sandbox-lifecycle.ts
 * allows; undefined when it changed meanwhile.
 */
export async function moveSandboxPayment(
  db: Db,
  row: { id: string; status: string },
  to: SandboxPaymentStatus,
  declineReason?: string,
) {
  const from = row.status as SandboxPaymentStatus
  assertSandboxMove(from, to)
  return db
    .updateTable('sandbox_payments')
    .set({ status: to, decline_reason: declineReason ?? null, updated_at: sql<Date>`now()` })
    .where('id', '=', row.id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst()
}

/**
 * The sandbox payments of one fan still waiting for the pretend bank or store, newest first, for the dev
 * pages opened without a payment id. Joined to our payments only to know whose they are.
 */
export async function pendingSandboxPaymentsOfFan(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('sandbox_payments as s')
    .innerJoin('payments as p', 'p.id', 's.payment_id')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .where('p.user_id', '=', userId)
    .where('s.status', 'in', ['PENDING', 'CREATED'])
    .select([
      's.id',
      's.payment_id',
      's.kind',
      's.method',
      's.amount',
      's.currency',
      's.status',
      's.created_at',
      'o.id as order_id',
      'o.code as order_code',
    ])
    .orderBy('s.created_at', 'desc')
    .limit(limit)
    .execute()
}

/** What the sandbox learnt of a card when it tokenized it (0036-presales): never the number or the code. */
export async function recordSandboxCardToken(
  db: Db,
  t: { token: string; bin: string; cardType: string; brand: string; last4: string },
) {
  await db
    .insertInto('sandbox_card_tokens')
    .values({ token: t.token, bin: t.bin, card_type: t.cardType, brand: t.brand, last4: t.last4 })
    .execute()
}

export async function findSandboxCardToken(db: Db, token: string) {
  return db
    .selectFrom('sandbox_card_tokens')
    .select(['bin', 'card_type'])
    .where('token', '=', token)
    .executeTakeFirst()
}
