import { sql } from 'kysely'
import type { Db } from '../../db/dialect.js'

export async function findAuthUserByEmail(db: Db, email: string) {
  return db.selectFrom('auth_users').selectAll().where('email', '=', email).executeTakeFirst()
}

export async function findAuthUserByPhone(db: Db, e164: string) {
  return db.selectFrom('auth_users').selectAll().where('phoneNumber', '=', e164).executeTakeFirst()
}

export async function setAuthUserPhone(db: Db, userId: string, e164: string, verified: boolean) {
  await db
    .updateTable('auth_users')
    .set({ phoneNumber: e164, phoneNumberVerified: verified, updatedAt: new Date() })
    .where('id', '=', userId)
    .execute()
}

export async function setAuthUserProfile(db: Db, userId: string, patch: { name?: string; role?: string }) {
  await db
    .updateTable('auth_users')
    .set({ ...patch, updatedAt: new Date() })
    .where('id', '=', userId)
    .execute()
}

export async function countAttempts(db: Db, kind: string, subject: string, since: Date) {
  const row = await db
    .selectFrom('auth_attempts')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('last')])
    .where('kind', '=', kind)
    .where('subject', '=', subject)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow()
  return { count: Number(row.n), last: row.last ? new Date(row.last) : null }
}

export async function clearAttempts(db: Db, kind: string, subject: string) {
  await db.deleteFrom('auth_attempts').where('kind', '=', kind).where('subject', '=', subject).execute()
}

export async function markPhoneVerified(db: Db, userId: string) {
  await db
    .updateTable('auth_users')
    .set({ phoneNumberVerified: true, updatedAt: new Date() })
    .where('id', '=', userId)
    .execute()
}

export async function findAuthUserById(db: Db, id: string) {
  return db.selectFrom('auth_users').selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * A new account with its password credential, written the way the auth library writes them (its own
 * tables and column names), so the library logs it in afterwards. Inside the caller's transaction, so an
 * account never exists without its fan row (issue 12).
 */
export async function insertCredentialUser(
  trx: Db,
  user: { name: string; email: string; phoneNumber: string; passwordHash: string },
) {
  const now = new Date()
  const { id } = await trx
    .insertInto('auth_users')
    .values({
      name: user.name,
      email: user.email,
      emailVerified: false,
      image: null,
      phoneNumber: user.phoneNumber,
      phoneNumberVerified: false,
      role: 'fan',
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('auth_accounts')
    .values({
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: user.passwordHash,
      createdAt: now,
      updatedAt: now,
    })
    .execute()
  return id
}

/** The stored hash of the account's password (the library's 'credential' row), or null without one. */
export async function findPasswordHash(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('auth_accounts')
    .select('password')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst()
  return row?.password ?? null
}

export async function deleteAuthUser(db: Db, id: string) {
  await db.deleteFrom('auth_users').where('id', '=', id).execute()
}

/**
 * Serialises every reader and writer of one throttle subject until the transaction ends, so "count, check,
 * record" is one step however many requests arrive at once (issue 12). Transaction-scoped: nothing to
 * release, and a crashed request never leaves it held.
 */
export async function lockThrottleSubject(trx: Db, key: string) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx)
}

export async function insertAttempt(db: Db, kind: string, subject: string) {
  const row = await db
    .insertInto('auth_attempts')
    .values({ kind, subject })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export async function deleteAttempt(db: Db, id: string) {
  await db.deleteFrom('auth_attempts').where('id', '=', id).execute()
}

export interface StoredSession {
  userId: string
  name: string
  email: string
  role: string | null
  expiresAt: Date
}

/** Session and user in one query (the library reads them in two), planned once per connection (migration 0010). */
export async function storedSession(db: Db, token: string): Promise<StoredSession | undefined> {
  const { rows } = await sql<StoredSession>`select * from session_of(${token})`.execute(db)
  const row = rows[0]
  return row && { ...row, expiresAt: new Date(row.expiresAt) }
}
