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

export async function markEmailVerified(db: Db, userId: string) {
  await db
    .updateTable('auth_users')
    .set({ emailVerified: true, updatedAt: new Date() })
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

export async function recordAttempt(db: Db, kind: string, subject: string) {
  await db.insertInto('auth_attempts').values({ kind, subject }).execute()
}

export async function clearAttempts(db: Db, kind: string, subject: string) {
  await db.deleteFrom('auth_attempts').where('kind', '=', kind).where('subject', '=', subject).execute()
}
