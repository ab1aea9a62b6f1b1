import { describe, expect, it } from 'vitest'
import {
  assertSandboxMove,
  assertSandboxStart,
  canSandboxTransition,
  SANDBOX_PAYMENT_STATUSES,
} from './sandbox-lifecycle.js'
import { assertWebhookMove, canWebhookTransition, WEBHOOK_STATUSES } from './webhook-lifecycle.js'

const pairsOf = <S extends string>(statuses: readonly S[]) =>
  statuses.flatMap((from) => statuses.map((to) => [from, to] as const))

const WEBHOOK_MOVES = new Set(['RECEIVED→APPLIED', 'RECEIVED→IGNORED'])
const SANDBOX_MOVES = new Set([
  'PENDING→APPROVED',
  'PENDING→DECLINED',
  'PENDING→EXPIRED',
  'APPROVED→DECLINED',
  'APPROVED→EXPIRED',
  'APPROVED→REFUNDED',
  'DECLINED→APPROVED',
  'DECLINED→EXPIRED',
  'EXPIRED→APPROVED',
  'EXPIRED→DECLINED',
])

describe('payment notification status (DESIGN §4.5)', () => {
  it.each(pairsOf(WEBHOOK_STATUSES))('%s → %s follows the table', (from, to) => {
    expect(canWebhookTransition(from, to)).toBe(WEBHOOK_MOVES.has(`${from}→${to}`))
    if (!WEBHOOK_MOVES.has(`${from}→${to}`)) expect(() => assertWebhookMove(from, to)).toThrow()
  })
})

describe('sandbox payment status (DESIGN §4.5)', () => {
  it.each(pairsOf(SANDBOX_PAYMENT_STATUSES))('%s → %s follows the table', (from, to) => {
    expect(canSandboxTransition(from, to)).toBe(SANDBOX_MOVES.has(`${from}→${to}`))
    if (!SANDBOX_MOVES.has(`${from}→${to}`)) expect(() => assertSandboxMove(from, to)).toThrow()
  })

  it('creates a payment pending, or a card answered at once; never expired or refunded', () => {
    for (const s of ['PENDING', 'APPROVED', 'DECLINED']) expect(() => assertSandboxStart(s)).not.toThrow()
    for (const s of ['EXPIRED', 'REFUNDED']) expect(() => assertSandboxStart(s)).toThrow()
  })
})
