import { randomBytes, randomUUID } from 'node:crypto'
import { isValidClabe } from '@palco/domain/checkout/clabe'
import { tokenizeSandboxCard } from '@palco/domain/checkout/sandbox-cards'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../../../db/dialect.js'
import { openTestDatabase } from '../../../../test/test-db.js'
import { ProviderUnavailableError } from '../../provider.js'
import { settleSandboxPayment } from '../../sandbox-dev.service.js'
import { SANDBOX_SIGNATURE_HEADER, SandboxAdapter, signSandboxBody } from './sandbox.adapter.js'

const payer = {
  email: 'a@example.co',
  fullName: 'A B',
  documentType: 'CC',
  documentNumber: '1',
  phone: '+573001234567',
}
const token = (holderName: string) => {
  const r = tokenizeSandboxCard(
    { number: '5031755734530604', holderName, expMonth: 1, expYear: 2040, cvv: '123' },
    randomBytes,
  )
  if (!r.ok) throw new Error('token')
  return r.token
}

describe('sandbox provider', () => {
  let handle: DbHandle
  let sandbox: SandboxAdapter
  const secret = 'test-secret-of-sixteen+'
  beforeAll(async () => {
    handle = await openTestDatabase('pglite')
    sandbox = new SandboxAdapter({ db: handle.db, webhookSecret: secret, random: randomBytes })
  })
  afterAll(async () => handle?.close())

  const charge = (holderName: string, idempotencyKey = randomUUID()) =>
    sandbox.chargeCard({
      paymentId: randomUUID(),
      idempotencyKey,
      amount: { amount: 10_000, currency: 'COP' },
      token: token(holderName),
      installments: 1,
      payer,
      description: 'test',
    })

  it.each([
    ['APRO', 'APPROVED', undefined],
    ['OTHE', 'DECLINED', 'cc_rejected_other_reason'],
    ['FUND', 'DECLINED', 'cc_rejected_insufficient_amount'],
    ['SECU', 'DECLINED', 'cc_rejected_bad_filled_security_code'],
    ['CONT', 'PENDING', undefined],
  ])('answers holder %s with %s', async (holder, status, reason) => {
    const r = await charge(holder)
    expect(r.status).toBe(status)
    expect(r.declineReason).toBe(reason)
    expect((await sandbox.getStatus(r.providerPaymentId)).status).toBe(status)
  })

  it('declines a token that is not a sandbox token', async () => {
    const r = await sandbox.chargeCard({
      paymentId: randomUUID(),
      idempotencyKey: randomUUID(),
      amount: { amount: 1, currency: 'COP' },
      token: 'tok_live_abcdefgh',
      installments: 1,
      payer,
      description: 'x',
    })
    expect(r).toMatchObject({ status: 'DECLINED', declineReason: 'invalid_token' })
  })

  it('times out once, having charged: the retry with the same key finds it approved', async () => {
    const key = randomUUID()
    const t = token('TIME')
    const input = {
      paymentId: randomUUID(),
      idempotencyKey: key,
      amount: { amount: 10_000, currency: 'COP' as const },
      token: t,
      installments: 1,
      payer,
      description: 'x',
    }
    await expect(sandbox.chargeCard(input)).rejects.toBeInstanceOf(ProviderUnavailableError)
    const again = await sandbox.chargeCard(input)
    expect(again.status).toBe('APPROVED')
    const rows = await handle.db
      .selectFrom('sandbox_payments')
      .select('id')
      .where('idempotency_key', '=', key)
      .execute()
    expect(rows).toHaveLength(1)
  })

  it('issues vouchers that expire at their deadline and cannot be refunded', async () => {
    const expiresAt = new Date(Date.now() + 60_000)
    const v = await sandbox.createCashVoucher({
      paymentId: randomUUID(),
      idempotencyKey: randomUUID(),
      amount: { amount: 150_000, currency: 'MXN' },
      network: 'oxxo',
      payer,
      description: 'x',
      expiresAt,
    })
    expect(v.status).toBe('PENDING')
    expect(v.voucher.reference).toMatch(/^\d{12}$/)
    expect(v.voucher.barcode).toBe(`7001${v.voucher.reference}0000150000`)
    await handle.db
      .updateTable('sandbox_payments')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('id', '=', v.providerPaymentId)
      .execute()
    expect((await sandbox.getStatus(v.providerPaymentId)).status).toBe('EXPIRED')
    expect(await sandbox.refund(v.providerPaymentId, { amount: 1, currency: 'MXN' }, 'r')).toMatchObject({
      status: 'DECLINED',
      declineReason: 'cash_not_refundable',
    })
  })

  it('gives SPEI a valid CLABE and PSE a bank redirect; refunds a transfer once it is paid', async () => {
    const base = {
      payer,
      description: 'x',
      expiresAt: new Date(Date.now() + 3_600_000),
      returnUrl: 'http://localhost:3000/checkout/transfer?order=1',
    }
    const spei = await sandbox.createTransfer({
      ...base,
      paymentId: randomUUID(),
      idempotencyKey: randomUUID(),
      amount: { amount: 1000, currency: 'MXN' },
      kind: 'SPEI',
    })
    expect(isValidClabe(spei.transfer.clabe ?? '')).toBe(true)
    expect(spei.transfer.redirectUrl).toBeNull()
    const pse = await sandbox.createTransfer({
      ...base,
      paymentId: randomUUID(),
      idempotencyKey: randomUUID(),
      amount: { amount: 1000, currency: 'COP' },
      kind: 'PSE',
      bank: '1051',
    })
    expect(pse.transfer).toMatchObject({
      clabe: null,
      bankName: 'Davivienda',
      redirectUrl: `/dev/sandbox-bank?payment=${pse.providerPaymentId}`,
    })
    const refund = () => sandbox.refund(pse.providerPaymentId, { amount: 1000, currency: 'COP' }, 'r')
    // Nothing was taken while the bank has not approved it: there is nothing to give back.
    expect(await refund()).toMatchObject({ status: 'DECLINED', declineReason: 'not_refundable' })
    await settleSandboxPayment(handle.db, secret, pse.providerPaymentId, 'approve')
    expect((await refund()).status).toBe('REFUNDED')
    // The same refund asked again (a retry with its key) answers as it stands.
    expect((await refund()).status).toBe('REFUNDED')
  })

  it('verifies webhook signatures over the raw body and parses payment notices', () => {
    const rawBody = JSON.stringify({ id: 'n1', type: 'payment', paymentId: 'p1' })
    const good = {
      headers: { [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(secret, rawBody) },
      query: {},
      rawBody,
    }
    expect(sandbox.verifyWebhook(good)).toBe(true)
    expect(sandbox.parseWebhook(good)).toEqual({ notificationId: 'n1', providerPaymentId: 'p1' })
    expect(sandbox.verifyWebhook({ ...good, rawBody: `${rawBody} ` })).toBe(false)
    expect(
      sandbox.verifyWebhook({
        ...good,
        headers: { [SANDBOX_SIGNATURE_HEADER]: signSandboxBody('other-secret', rawBody) },
      }),
    ).toBe(false)
    expect(sandbox.verifyWebhook({ ...good, headers: {} })).toBe(false)
    expect(sandbox.parseWebhook({ ...good, rawBody: '{"type":"refund"}' })).toBeNull()
    expect(sandbox.parseWebhook({ ...good, rawBody: 'not json' })).toBeNull()
  })
})
