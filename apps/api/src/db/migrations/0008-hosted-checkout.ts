import type { Kysely } from 'kysely'

/**
 * Mercado Pago card details, and payments on the provider's hosted page (Mercado Pago Checkout Pro; spec §7
 * `/api/checkout/preference-id`).
 *
 * `payments.hosted` keeps the page the fan was sent to (`{ preferenceId, redirectUrl, expiresAt }`), so a
 * repeated request answers the same page instead of making another. The provider's payment id is not known
 * until the fan pays there; the payment is found through its external reference (our payment id) then.
 *
 * `payments.card_method` / `card_issuer`: the card's payment method and issuer as the browser's tokenizer
 * found them (Mercado Pago's payment_method_id, issuer_id), so reconciliation can repeat a card charge whose
 * answer was lost with the same request the first attempt sent.
 *
 * `sandbox_payments.back_urls` is the sandbox's copy of a page's success/failure/pending addresses, which
 * its development page sends the fan back to, as Checkout Pro does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('hosted', 'jsonb').execute()
  await db.schema.alterTable('payments').addColumn('card_method', 'text').execute()
  await db.schema.alterTable('payments').addColumn('card_issuer', 'text').execute()
  await db.schema.alterTable('sandbox_payments').addColumn('back_urls', 'jsonb').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_payments').dropColumn('back_urls').execute()
  await db.schema.alterTable('payments').dropColumn('card_issuer').execute()
  await db.schema.alterTable('payments').dropColumn('card_method').execute()
  await db.schema.alterTable('payments').dropColumn('hosted').execute()
}
