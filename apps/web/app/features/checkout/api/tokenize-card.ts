import { tokenizeSandboxCard } from '@palco/domain/checkout/sandbox-cards'
import type { CardDetails } from '../model/checkout-forms'

/**
 * Turns the card into a one-use token in the browser, so the card number never reaches our server
 * (DESIGN §9). This is the built-in sandbox provider's tokenizer; with Mercado Pago or Kushki configured,
 * their browser SDKs take its place behind this same function.
 */
export type TokenizeOutcome =
  | { ok: true; token: string }
  | { ok: false; field: 'number' | 'expiry' | 'cvv' | 'holderName' }

const randomBytes = (n: number) => crypto.getRandomValues(new Uint8Array(n))

export function tokenizeCard(card: CardDetails): TokenizeOutcome {
  const result = tokenizeSandboxCard(card, randomBytes, new Date())
  if (result.ok) return { ok: true, token: result.token }
  return { ok: false, field: result.field }
}
