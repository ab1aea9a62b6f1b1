import type { Country, Locale } from '../locale/country.js'
import type { Role } from '../people/vocabulary.js'

/** Payment providers a country can be configured with (the server's registry has one adapter each). */
export type PaymentProviderCode = 'sandbox' | 'mercadopago' | 'kushki'

/**
 * What the browser needs to turn a card into a provider token itself (DESIGN §9: card data never reaches
 * our server): which provider pays for the country, its public key and the base URL of its API. Only
 * public keys: Mercado Pago's public key and Kushki's Public-Merchant-Id are made for browsers. The
 * sandbox tokenizes locally and has neither.
 */
export interface BrowserPaymentConfig {
  provider: PaymentProviderCode
  publicKey: string | null
  apiUrl: string | null
}

/** What the browser may see of the server's configuration: never secrets. */
export interface PublicSiteConfig {
  support: Record<Country, { email: string; chatUrl: string }>
  payments: Record<Country, BrowserPaymentConfig>
  stores: { android: string; ios: string }
  analytics: {
    gaMeasurementId?: string | undefined
    gtmId?: string | undefined
    supportChatScriptUrl?: string | undefined
  }
}

export interface ApiResult<T> {
  status: number
  data: T
  /** The route's Set-Cookie headers, for an action to pass on to the browser (a logout clears its cookie). */
  cookies: string[]
}

/** The signed-in person as the web shell needs it; null for a visitor. */
export interface SessionUser {
  id: string
  name: string
  roles: readonly Role[]
}

/**
 * The contract between the API server and the server-rendered web app: every loader and action gets
 * this as its load context. The server resolves the country from the host (spec §1) before rendering.
 */
export interface ServerContext {
  country: Country
  locale: Locale
  cspNonce: string
  requestId: string
  config: PublicSiteConfig
  session: SessionUser | null
  /** Whether the development outbox page may be shown (never in production unless asked for). */
  devOutbox: boolean
  /** Calls an `/api/*` route of the same server in-process, with the visitor's host and cookies. */
  api<T>(path: string, init?: { method?: string; body?: unknown }): Promise<ApiResult<T>>
  /** Reads a public content file (FAQs, legal texts) by its path under the content folder. */
  content<T>(relativePath: string): Promise<T | null>
}
