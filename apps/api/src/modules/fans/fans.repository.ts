import {
  assertRegistrationMove,
  assertRegistrationStart,
  type InitialRegistrationStatus,
} from '@palco/domain/people/registration-lifecycle'
import type { RegistrationStatus } from '@palco/domain/people/vocabulary'
import type { Insertable, Updateable } from 'kysely'
import type { Db } from '../../db/dialect.js'
import type { FansTable } from '../../db/schema.js'

export type FanRow = Awaited<ReturnType<typeof findFanById>>

const live = (db: Db) => db.selectFrom('fans').selectAll().where('deleted_at', 'is', null)

export async function findFanById(db: Db, id: string) {
  return live(db).where('id', '=', id).executeTakeFirst()
}

export async function findFanByUserId(db: Db, userId: string) {
  return live(db).where('user_id', '=', userId).executeTakeFirst()
}

/**
 * The same email, phone or document may stand on an account's fan row and on a pre-registered one
 * (migration 0011), so every look-up by contact says which of the two it wants.
 */
export type FanKind = 'account' | 'pre-registered'

const ofKind = (db: Db, kind: FanKind) =>
  live(db).where('registration_status', kind === 'account' ? '<>' : '=', 'PRE_REGISTERED')

export async function findFanByEmail(db: Db, email: string, kind: FanKind) {
  return ofKind(db, kind).where('email', '=', email).executeTakeFirst()
}

export async function findFanByPhone(db: Db, prefix: string, phone: string, kind: FanKind) {
  return ofKind(db, kind)
    .where('phone_prefix', '=', prefix)
    .where('phone_number', '=', phone)
    .executeTakeFirst()
}

export async function findFanByDocument(db: Db, type: string, number: string, kind: FanKind) {
  return ofKind(db, kind)
    .where('document_type', '=', type)
    .where('document_number', '=', number)
    .executeTakeFirst()
}

/** A fan's own columns; the registration status moves only through the functions that name a move. */
type FanFields = Omit<Insertable<FansTable>, 'registration_status'>

export async function insertFan(db: Db, fan: FanFields, status: InitialRegistrationStatus) {
  assertRegistrationStart(status)
  return db
    .insertInto('fans')
    .values({ ...fan, registration_status: status })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function updateFan(
  db: Db,
  id: string,
  patch: Omit<Updateable<FansTable>, 'registration_status'>,
) {
  return db
    .updateTable('fans')
    .set({ ...patch, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** The fan's registration moves from `from` to `to` if it is still in `from`. */
export async function moveFanRegistration(
  db: Db,
  id: string,
  from: RegistrationStatus,
  to: RegistrationStatus,
) {
  assertRegistrationMove(from, to)
  await db
    .updateTable('fans')
    .set({ registration_status: to, updated_at: new Date() })
    .where('id', '=', id)
    .where('registration_status', '=', from)
    .execute()
}

/**
 * Retiring a fan (a deleted account's, or a pre-registration an account took over) keeps the row (orders
 * point at it) but nothing that identifies the person; only a row still in `from` is touched.
 */
export async function anonymizeFan(db: Db, id: string, from: RegistrationStatus) {
  assertRegistrationMove(from, 'NOT_REGISTERED')
  await db
    .updateTable('fans')
    .set({
      user_id: null,
      first_name: '—',
      last_name: '—',
      email: null,
      phone_prefix: null,
      phone_number: null,
      document_type: null,
      document_number: null,
      gender: null,
      birth_date: null,
      registration_status: 'NOT_REGISTERED',
      deleted_at: new Date(),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('registration_status', '=', from)
    .execute()
}

/**
 * Fans of a country matching what an operator typed at the counter (issue 15 part 2): an email, a phone
 * number or a document number, exactly — never a partial match, so the counter cannot browse the fan base.
 * Accounts first, then pre-registrations.
 */
export async function findFansAtCounter(db: Db, q: string, country: string, limit: number) {
  const text = q.trim()
  const digits = text.replace(/\D/g, '')
  return live(db)
    .where('country', '=', country)
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['email']), '=', text.toLowerCase()),
        ...(digits.length >= 7 ? [eb('phone_number', '=', digits.slice(-10))] : []),
        eb(eb.fn('upper', ['document_number']), '=', text.toUpperCase()),
      ]),
    )
    .orderBy((eb) => eb.case().when('registration_status', '=', 'PRE_REGISTERED').then(1).else(0).end())
    .orderBy('created_at')
    .limit(limit)
    .execute()
}
