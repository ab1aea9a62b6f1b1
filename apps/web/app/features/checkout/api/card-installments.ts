import {
  type CardInstallmentOption,
  sandboxCardInstallments,
  singlePayment,
} from '@palco/domain/checkout/card-installments'
import { type Money, minorDigitsOf } from '@palco/domain/money/minor-units'
import type { BrowserPaymentConfig } from '@palco/domain/web/server-context'
import { jsonBodyOf } from '../../../lib/api-client'

/**
 * The monthly parts the fan's bank offers for this card and amount (issue 16 part 7: meses sin intereses,
 * cuotas), asked of the provider from the browser by the card's first digits, as its own card form does:
 * the sandbox's rule, Mercado Pago's installments search (`GET /v1/payment_methods/installments`), or
 * Kushki's deferred options (`GET /card/v1/deferred/{bin}`). One payment is always offered; a provider that
 * does not answer, or a card it knows no plan for, leaves only that.
 */
export async function cardInstallmentOptions(
  bin: string,
  money: Money,
  provider: BrowserPaymentConfig,
  doFetch: typeof fetch = fetch,
): Promise<CardInstallmentOption[]> {
  const one = [singlePayment(money)]
  if (!/^\d{6,8}$/.test(bin) || money.amount <= 0) return one
  try {
    switch (provider.provider) {
      case 'sandbox':
        return sandboxCardInstallments(bin, money)
      case 'mercadopago':
        return withSingle(money, await mercadoPagoOptions(bin, money, provider, doFetch))
      case 'kushki':
        return withSingle(money, await kushkiOptions(bin, money, provider, doFetch))
    }
  } catch {
    return one
  }
}

const withSingle = (money: Money, found: CardInstallmentOption[]) => {
  const more = found.filter((o) => o.count > 1).sort((a, b) => a.count - b.count)
  return [singlePayment(money), ...more]
}

async function getJson(doFetch: typeof fetch, url: string, headers: Record<string, string> = {}) {
  const response = await doFetch(url, {
    headers: { accept: 'application/json', ...headers },
    credentials: 'omit',
    signal: AbortSignal.timeout(8000),
  })
  if (!response.ok) throw new Error(`installments: ${response.status}`)
  return jsonBodyOf(response)
}

const base = (provider: BrowserPaymentConfig) => {
  if (!provider.apiUrl || !provider.publicKey) throw new Error('installments: no public key')
  return provider.apiUrl.replace(/\/+$/, '')
}

const toMinor = (major: unknown, money: Money) =>
  typeof major === 'number' && Number.isFinite(major)
    ? Math.round(major * 10 ** minorDigitsOf(money.currency))
    : null

/** Mercado Pago's `payer_costs` of the card's issuer: each with its part, total and rate. */
async function mercadoPagoOptions(
  bin: string,
  money: Money,
  provider: BrowserPaymentConfig,
  doFetch: typeof fetch,
): Promise<CardInstallmentOption[]> {
  const amount = money.amount / 10 ** minorDigitsOf(money.currency)
  const query = new URLSearchParams({
    public_key: provider.publicKey ?? '',
    amount: String(amount),
    bin,
    processing_mode: 'aggregator',
  })
  const body = await getJson(doFetch, `${base(provider)}/v1/payment_methods/installments?${query}`)
  const first = Array.isArray(body) ? (body[0] as { payer_costs?: unknown } | undefined) : undefined
  const costs = Array.isArray(first?.payer_costs) ? first.payer_costs : []
  return costs.flatMap((cost: Record<string, unknown>): CardInstallmentOption[] => {
    const count = cost.installments
    const part = toMinor(cost.installment_amount, money)
    const total = toMinor(cost.total_amount, money)
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 36) return []
    if (part === null || total === null) return []
    return [{ count, amount: part, total, interestFree: cost.installment_rate === 0 }]
  })
}

/**
 * Kushki's deferred options for the BIN: months the card may be split into. Mexico's are meses sin
 * intereses; elsewhere the bank sets its own interest, which Kushki does not tell, so the part shown is
 * the amount divided and the total is ours (the bank's statement shows the rest).
 */
async function kushkiOptions(
  bin: string,
  money: Money,
  provider: BrowserPaymentConfig,
  doFetch: typeof fetch,
): Promise<CardInstallmentOption[]> {
  const body = await getJson(doFetch, `${base(provider)}/card/v1/deferred/${bin}`, {
    'Public-Merchant-Id': provider.publicKey ?? '',
  })
  const entries = Array.isArray(body) ? (body as { months?: unknown }[]) : []
  const months = new Set(
    entries.flatMap((e) => (Array.isArray(e.months) ? e.months.map((m) => Number(m)) : [])),
  )
  const interestFree = money.currency === 'MXN'
  return [...months]
    .filter((m) => Number.isInteger(m) && m > 1 && m <= 36)
    .map((count) => ({
      count,
      amount: Math.ceil(money.amount / count),
      total: money.amount,
      interestFree,
    }))
}
