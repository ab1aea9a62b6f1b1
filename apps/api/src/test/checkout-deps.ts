import { randomBytes, randomUUID } from 'node:crypto'
import { loadConfig } from '../config.js'
import type { Db } from '../db/dialect.js'
import { createProviderRegistry } from '../modules/payments/registry.js'
import { type CheckoutDeps, settlementOf } from '../modules/settlement/settlement.service.js'

/** The checkout's dependencies on a test database, without an app (the contention tests race services). */
export function checkoutDepsOf(db: Db): CheckoutDeps {
  const base = {
    db,
    providers: createProviderRegistry(loadConfig({ NODE_ENV: 'test' }), db),
    random: randomBytes,
    publicUrl: 'http://localhost:3000',
  }
  return { ...base, settlement: settlementOf(base) }
}

/** A signed-up account with a role, straight into the accounts table; answers its id. */
export async function insertAccount(db: Db, account: { name: string; email: string; role: string }) {
  const id = randomUUID()
  await db
    .insertInto('auth_users')
    .values({
      id,
      ...account,
      emailVerified: true,
      image: null,
      phoneNumber: null,
      phoneNumberVerified: null,
    })
    .execute()
  return id
}
