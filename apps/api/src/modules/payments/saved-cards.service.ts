import type { SavedCard } from '@palco/domain/checkout/contract'
import { DomainError } from '@palco/domain/errors/domain-error'
import { type Country, currencyOf } from '@palco/domain/locale/country'
import type { Db } from '../../db/dialect.js'
import { type Payer, ProviderUnavailableError, type SaveCardInput, type SavedCardRef } from './provider.js'
import { ProviderUnsupportedError } from './providers/shared/provider-http.js'
import type { ProviderRegistry } from './registry.js'
import { activeCardsOf, findSavedCard, insertSavedCard, markCardRemoved } from './saved-cards.repository.js'

/**
 * A fan's saved cards (issue 16 part 3; spec §7's card token endpoints): kept at the country's provider —
 * Mercado Pago's customer cards, Kushki's subscriptions, the sandbox's — and known here only by the
 * provider's id, brand and last four digits. Card data never reaches our server: a card is saved from a
 * one-use browser token.
 */
interface Deps {
  db: Db
  providers: ProviderRegistry
}

const viewOf = (row: { id: string; brand: string; last4: string; created_at: Date }): SavedCard => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  createdAt: new Date(row.created_at).toISOString(),
})

/** Whether the country's provider keeps cards for later charges. */
export const canSaveCards = (deps: Deps, country: Country) => deps.providers.forCountry(country).savedCards

/** Saves a card from a one-use token at the country's provider; answers our id for it. */
export async function saveCard(
  deps: Deps,
  userId: string,
  country: Country,
  input: Omit<SaveCardInput, 'payer' | 'currency'> & { payer: Payer },
): Promise<string> {
  const adapter = deps.providers.forCountry(country)
  if (!adapter.savedCards) throw new DomainError('PAYMENT_METHOD_UNAVAILABLE', { field: 'saveCard' })
  const saved = await adapter.saveCard({ ...input, currency: currencyOf(country) }).catch((err: unknown) => {
    // The provider would not keep this card (refused, or a token it cannot save): nothing was charged, and
    // the fan can pay the deposit without saving it. No answer: the fan tries again.
    if (err instanceof ProviderUnsupportedError)
      throw new DomainError('CARD_DECLINED', { field: 'saveCard', cause: err })
    if (err instanceof ProviderUnavailableError)
      throw new DomainError('PAYMENT_PROVIDER_UNAVAILABLE', { cause: err })
    throw err
  })
  const row = await insertSavedCard(deps.db, {
    user_id: userId,
    provider_code: adapter.code,
    provider_card_id: saved.providerCardId,
    provider_customer_id: saved.providerCustomerId,
    brand: saved.brand,
    last4: saved.last4,
  })
  return row.id
}

/** GET /api/payments/cards: the fan's saved cards at the site's provider, newest first. */
export async function cardsOfFan(deps: Deps, userId: string, country: Country): Promise<SavedCard[]> {
  return (await activeCardsOf(deps.db, userId, deps.providers.forCountry(country).code)).map(viewOf)
}

/**
 * DELETE /api/payments/cards/:id: forgets the card here first (`onRemoved`: no plan charges it from now on;
 * those plans are paid by hand), then at the provider. A provider that fails to forget it is logged, not retried: the
 * card is never charged again from here either way.
 */
export async function removeCard(
  deps: Deps & { log?: { warn: (o: object, m: string) => void } },
  userId: string,
  id: string,
  /** What else stops using the card, in the same transaction (the orders module: its plans' saved card). */
  onRemoved: (trx: Db, card: { id: string }) => Promise<void>,
) {
  const card = /^[0-9a-f-]{36}$/i.test(id)
    ? await deps.db.transaction().execute(async (trx) => {
        const removed = await markCardRemoved(trx, userId, id)
        if (removed) await onRemoved(trx, removed)
        return removed
      })
    : undefined
  if (!card) throw new DomainError('NOT_FOUND')
  await deps.providers
    .byCode(card.provider_code)
    ?.removeSavedCard({
      providerCardId: card.provider_card_id,
      providerCustomerId: card.provider_customer_id,
    })
    .catch((err: unknown) =>
      deps.log?.warn({ err, cardId: id }, 'the provider did not forget a removed card'),
    )
}

/** The provider's reference of one of our saved cards still in use, and the provider it is kept at; or null. */
export async function savedCardRef(
  db: Db,
  id: string | null,
): Promise<(SavedCardRef & { providerCode: string }) | null> {
  const card = id ? await findSavedCard(db, id) : undefined
  if (!card || card.removed_at) return null
  return {
    providerCardId: card.provider_card_id,
    providerCustomerId: card.provider_customer_id,
    providerCode: card.provider_code,
  }
}

/** What a page shows of a saved card still in use: its brand and last digits; null once removed. */
export async function savedCardLabel(db: Db, id: string | null) {
  const card = id ? await findSavedCard(db, id) : undefined
  return card && !card.removed_at ? { brand: card.brand, last4: card.last4 } : null
}
