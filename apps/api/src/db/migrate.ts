import { type Migration, type MigrationProvider, Migrator } from 'kysely'
import type { Db } from './dialect.js'
import * as m0001 from './migrations/0001-foundation.js'
import * as m0002 from './migrations/0002-accounts.js'
import * as m0003 from './migrations/0003-catalog.js'
import * as m0004 from './migrations/0004-seating.js'
import * as m0005 from './migrations/0005-catalog-admin.js'
import * as m0006 from './migrations/0006-checkout.js'
import * as m0007 from './migrations/0007-tickets.js'
import * as m0008 from './migrations/0008-hosted-checkout.js'
import * as m0009 from './migrations/0009-hold-places.js'
import * as m0010 from './migrations/0010-session-lookup.js'
import * as m0011 from './migrations/0011-account-proofs.js'
import * as m0012 from './migrations/0012-webhook-claims.js'
import * as m0013 from './migrations/0013-checkins-per-event.js'
import * as m0014 from './migrations/0014-promo-fan-limit.js'
import * as m0015 from './migrations/0015-hold-rules-home.js'
import * as m0016 from './migrations/0016-order-parties.js'
import * as m0017 from './migrations/0017-box-office.js'
import * as m0018 from './migrations/0018-courtesy.js'
import * as m0019 from './migrations/0019-operator-events.js'
import * as m0020 from './migrations/0020-counter-holds-per-fan.js'
import * as m0021 from './migrations/0021-paper-ticket-codes.js'
import * as m0022 from './migrations/0022-collected-reservations.js'
import * as m0023 from './migrations/0023-entry-by-document.js'
import * as m0024 from './migrations/0024-card-installments.js'
import * as m0025 from './migrations/0025-installment-plans.js'
import * as m0026 from './migrations/0026-installment-orders.js'
import * as m0027 from './migrations/0027-saved-cards.js'
import * as m0028 from './migrations/0028-event-cancellation.js'
import * as m0029 from './migrations/0029-counter-instalments.js'
import * as m0030 from './migrations/0030-uploads.js'
import * as m0031 from './migrations/0031-inscriptions.js'
import * as m0032 from './migrations/0032-layout-drafts.js'
import * as m0033 from './migrations/0033-hold-places-in-one-file.js'
import * as m0035 from './migrations/0035-waiting-rooms.js'
import * as m0036 from './migrations/0036-presales.js'
import * as m0037 from './migrations/0037-leaner-hold-places.js'
import * as m0038 from './migrations/0038-organisers.js'
import * as m0039 from './migrations/0039-order-search.js'
import * as m0040 from './migrations/0040-attendee-exports.js'
import * as m0041 from './migrations/0041-promo-code-owners.js'
import * as m0042 from './migrations/0042-sales-rollups.js'
import * as m0043 from './migrations/0043-payment-card-last4.js'

// Listed, not read from disk, so the compiled server and the tests migrate the same way.
const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-accounts': m0002,
  '0004-seating': m0004,
  '0005-catalog-admin': m0005,
  '0003-catalog': m0003,
  '0006-checkout': m0006,
  '0007-tickets': m0007,
  '0008-hosted-checkout': m0008,
  '0009-hold-places': m0009,
  '0010-session-lookup': m0010,
  '0011-account-proofs': m0011,
  '0012-webhook-claims': m0012,
  '0013-checkins-per-event': m0013,
  '0014-promo-fan-limit': m0014,
  '0015-hold-rules-home': m0015,
  '0016-order-parties': m0016,
  '0017-box-office': m0017,
  '0018-courtesy': m0018,
  '0019-operator-events': m0019,
  '0020-counter-holds-per-fan': m0020,
  '0021-paper-ticket-codes': m0021,
  '0022-collected-reservations': m0022,
  '0023-entry-by-document': m0023,
  '0024-card-installments': m0024,
  '0025-installment-plans': m0025,
  '0026-installment-orders': m0026,
  '0027-saved-cards': m0027,
  '0028-event-cancellation': m0028,
  '0029-counter-instalments': m0029,
  '0030-uploads': m0030,
  '0031-inscriptions': m0031,
  '0032-layout-drafts': m0032,
  '0033-hold-places-in-one-file': m0033,
  '0035-waiting-rooms': m0035,
  '0036-presales': m0036,
  '0037-leaner-hold-places': m0037,
  '0038-organisers': m0038,
  '0039-order-search': m0039,
  '0040-attendee-exports': m0040,
  '0041-promo-code-owners': m0041,
  '0042-sales-rollups': m0042,
  '0043-payment-card-last4': m0043,
}

const provider: MigrationProvider = { getMigrations: async () => migrations }

export async function migrateToLatest(db: Db): Promise<string[]> {
  // Unordered: parallel branches add migrations with neighbouring numbers; each still runs exactly once.
  const migrator = new Migrator({ db: db as never, provider, allowUnorderedMigrations: true })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
