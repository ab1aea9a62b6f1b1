import type { CardFacts } from '@palco/domain/checkout/presale'
import type { SandboxCardInput } from '@palco/domain/checkout/sandbox-cards'
import { DomainError } from '@palco/domain/errors/domain-error'
import { type PaymentProviderAdapter, ProviderUnavailableError } from './provider.js'
import { SandboxAdapter } from './providers/sandbox/sandbox.adapter.js'
import type { ProviderRegistry } from './registry.js'

/**
 * What the provider that issued a card token says about the card (issue 42 part 2): its BIN and type, for a
 * bank-card presale. Null when it cannot say (no token, an adapter without the question, a token it does
 * not know, an answer it could not read): such a card pays no presale tier. A provider that does not answer
 * is PAYMENT_PROVIDER_UNAVAILABLE (nothing was placed or charged; the fan tries again).
 */
export async function cardFactsOf(
  adapter: PaymentProviderAdapter,
  token: string | undefined,
): Promise<CardFacts | null> {
  if (!token || !adapter.describeCardToken) return null
  try {
    return await adapter.describeCardToken(token)
  } catch (err) {
    if (err instanceof ProviderUnavailableError) throw new DomainError('PAYMENT_PROVIDER_UNAVAILABLE')
    return null
  }
}

/**
 * The sandbox's tokenization endpoint: what the browser's card form calls when the sandbox pays for the
 * site's country, as it would call a real provider's. A card the checks refuse names its field.
 */
export async function tokenizeAtSandbox(providers: ProviderRegistry, card: SandboxCardInput, now: Date) {
  const sandbox = providers.byCode('sandbox')
  if (!(sandbox instanceof SandboxAdapter)) throw new DomainError('NOT_FOUND')
  const result = await sandbox.tokenizeCard(card, now)
  if (!result.ok) throw new DomainError('InvalidParameterException', { field: result.field })
  return { token: result.token, brand: result.brand, last4: result.last4, card: result.card ?? null }
}
