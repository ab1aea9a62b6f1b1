import { randomBytes } from 'node:crypto'
import type { Country } from '@palco/domain/locale/country'
import type { PaymentProvider } from '@palco/domain/orders/vocabulary'
import { type Config, sandboxDevEndpointsEnabled } from '../../config.js'
import type { Db } from '../../db/dialect.js'
import type { PaymentProviderAdapter, ProviderCode } from './provider.js'
import { KushkiAdapter } from './providers/kushki/kushki-adapter.js'
import { MercadoPagoAdapter } from './providers/mercadopago/mercadopago-adapter.js'
import { SandboxAdapter } from './providers/sandbox/sandbox.adapter.js'

/** Which adapter pays for each country, and the adapters by code for webhooks and reconciliation. */
export interface ProviderRegistry {
  forCountry(country: Country): PaymentProviderAdapter
  byCode(code: string): PaymentProviderAdapter | undefined
  all(): PaymentProviderAdapter[]
}

/** Spec §3's provider names, as the order view and the cash route segment show them. */
/** Payments we record ourselves: the wallet, and tenders taken at the box office (spec §6: provider STAFF). */
export type OwnPaymentCode = 'wallet' | 'staff'

export const PROVIDER_NAMES: Readonly<Record<ProviderCode | OwnPaymentCode, PaymentProvider>> = {
  sandbox: 'PALCO',
  wallet: 'PALCO',
  staff: 'STAFF',
  mercadopago: 'MERCADO_PAGO',
  kushki: 'KUSHKI',
}

export function createProviderRegistry(
  config: Config,
  db: Db,
  overrides: Partial<Record<ProviderCode, PaymentProviderAdapter>> = {},
): ProviderRegistry {
  const adapters = new Map<ProviderCode, PaymentProviderAdapter>()
  const wanted = new Set<ProviderCode>([config.PAYMENT_PROVIDER_COL, config.PAYMENT_PROVIDER_MEX])
  // The sandbox is always there: its webhooks and dev endpoints answer even after a country switches away.
  adapters.set(
    'sandbox',
    overrides.sandbox ??
      new SandboxAdapter({
        db,
        webhookSecret: config.SANDBOX_WEBHOOK_SECRET,
        random: randomBytes,
        hostedPage: sandboxDevEndpointsEnabled(config),
      }),
  )
  for (const code of wanted) {
    if (code === 'sandbox') continue
    adapters.set(code, overrides[code] ?? realAdapter(code, config))
  }
  const get = (code: ProviderCode) => {
    const a = adapters.get(code)
    if (!a) throw new Error(`No adapter for ${code}`)
    return a
  }
  return {
    forCountry: (country) =>
      get(country === 'MEX' ? config.PAYMENT_PROVIDER_MEX : config.PAYMENT_PROVIDER_COL),
    byCode: (code) => adapters.get(code as ProviderCode),
    all: () => [...adapters.values()],
  }
}

/** The real providers, from their configuration (config.ts refuses to boot without their credentials). */
function realAdapter(code: Exclude<ProviderCode, 'sandbox'>, config: Config): PaymentProviderAdapter {
  switch (code) {
    case 'mercadopago':
      return new MercadoPagoAdapter({
        accessToken: config.MERCADOPAGO_ACCESS_TOKEN ?? '',
        webhookSecret: config.MERCADOPAGO_WEBHOOK_SECRET ?? '',
        baseUrl: config.MERCADOPAGO_API_URL,
        timeoutMs: config.PAYMENT_TIMEOUT_MS,
      })
    case 'kushki':
      return new KushkiAdapter({
        privateKey: config.KUSHKI_PRIVATE_KEY ?? '',
        publicKey: config.KUSHKI_PUBLIC_KEY,
        webhookSecret: config.KUSHKI_WEBHOOK_SECRET ?? '',
        baseUrl: config.KUSHKI_API_URL,
        timeoutMs: config.PAYMENT_TIMEOUT_MS,
      })
  }
}
