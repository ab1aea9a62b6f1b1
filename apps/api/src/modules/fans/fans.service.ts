import type { CounterFan } from '@palco/domain/box-office/contract'
import { DomainError } from '@palco/domain/errors/domain-error'
import type { Country, PhonePrefix } from '@palco/domain/locale/country'
import type { Fan, Identifier, SignUp } from '@palco/domain/people/fan'
import { countryOfPhonePrefix, toE164 } from '@palco/domain/people/fan'
import type { DocumentType, Gender, RegistrationStatus, Role } from '@palco/domain/people/vocabulary'
import type { Db } from '../../db/dialect.js'
import {
  anonymizeFan,
  type FanRow,
  findFanByDocument,
  findFanByEmail,
  findFanById,
  findFanByPhone,
  findFanByUserId,
  findFansAtCounter,
  insertFan,
  moveFanRegistration,
  updateFan,
} from './fans.repository.js'

/**
 * What fan profiles need to know of sign-in accounts, which the accounts module keeps (issue 14: fans does
 * not import accounts; accounts creates and claims fan profiles, so the dependency runs one way). Wired in
 * app.ts from `accountDirectory` in auth.service.ts.
 */
export interface AccountDirectory {
  hasAccountWithEmail(email: string): Promise<boolean>
  /** The phone in E.164, as accounts store it. */
  hasAccountWithPhone(e164: string): Promise<boolean>
  /** Keeps the account's display name in step with the profile's names. */
  renameAccount(userId: string, name: string): Promise<void>
}

/** Who is asking: a signed-in user and their roles. */
export interface FanViewer {
  userId: string
  roles: readonly Role[]
}

export function toFan(row: NonNullable<FanRow>, roles: readonly Role[]): Fan {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phonePrefix: row.phone_prefix as PhonePrefix | null,
    phone: row.phone_number,
    documentType: row.document_type as DocumentType | null,
    documentNumber: row.document_number,
    gender: row.gender as Gender | null,
    birthDate: row.birth_date ? String(row.birth_date).slice(0, 10) : null,
    country: row.country as Country,
    registrationStatus: row.registration_status as RegistrationStatus,
    roles: [...roles],
  }
}

/** The signed-in fan's own record; staff accounts without a fan row get one made from their account. */
export async function fanOfSession(db: Db, session: FanViewer): Promise<Fan> {
  const row = await findFanByUserId(db, session.userId)
  if (!row) throw new DomainError('UserNotFoundException')
  return toFan(row, session.roles)
}

export async function updateProfile(
  db: Db,
  accounts: AccountDirectory,
  session: FanViewer,
  patch: { firstName: string; lastName: string; gender: Gender; birthDate: string },
): Promise<Fan> {
  const row = await findFanByUserId(db, session.userId)
  if (!row) throw new DomainError('UserNotFoundException')
  const updated = await updateFan(db, row.id, {
    first_name: patch.firstName,
    last_name: patch.lastName,
    gender: patch.gender,
    birth_date: patch.birthDate,
  })
  await accounts.renameAccount(session.userId, `${patch.firstName} ${patch.lastName}`)
  return toFan(updated, session.roles)
}

/**
 * Existence checks for the registration form (spec §7); rate-limited on the routes. Only accounts count:
 * a pre-registered address is free to sign up with, and becomes the account's once it is proven.
 */
export async function emailExists(db: Db, accounts: AccountDirectory, email: string) {
  return Boolean((await findFanByEmail(db, email, 'account')) ?? (await accounts.hasAccountWithEmail(email)))
}

export async function phoneExists(db: Db, accounts: AccountDirectory, prefix: PhonePrefix, phone: string) {
  return Boolean(
    (await findFanByPhone(db, prefix, phone, 'account')) ??
      (await accounts.hasAccountWithPhone(toE164(prefix, phone))),
  )
}

export async function documentExists(db: Db, type: DocumentType, number: string) {
  return Boolean(await findFanByDocument(db, type, number, 'account'))
}

interface PreRegistration {
  firstName: string
  lastName: string
  email?: string | undefined
  phonePrefix?: PhonePrefix | undefined
  phone?: string | undefined
  documentType?: DocumentType | undefined
  documentNumber?: string | undefined
}

/**
 * A fan created at the box office before they have an account (spec §3). Refused when the person already
 * has an account or a pre-registration: the operator should sell to that one instead.
 */
export async function preRegisterFan(
  db: Db,
  accounts: AccountDirectory,
  input: PreRegistration,
  country: Country,
): Promise<Fan> {
  if (
    input.email &&
    ((await emailExists(db, accounts, input.email)) ||
      (await findFanByEmail(db, input.email, 'pre-registered')))
  ) {
    throw new DomainError('UsernameExistsException', { field: 'email' })
  }
  if (
    input.phonePrefix &&
    input.phone &&
    ((await phoneExists(db, accounts, input.phonePrefix, input.phone)) ||
      (await findFanByPhone(db, input.phonePrefix, input.phone, 'pre-registered')))
  ) {
    throw new DomainError('RepeatedPhoneNumber', { field: 'phone' })
  }
  if (
    input.documentType &&
    input.documentNumber &&
    ((await documentExists(db, input.documentType, input.documentNumber)) ||
      (await findFanByDocument(db, input.documentType, input.documentNumber, 'pre-registered')))
  ) {
    throw new DomainError('RepeatedDocumentNumber', { field: 'documentNumber' })
  }
  return insertPreRegistered(db, input, country)
}

/**
 * Someone who will receive tickets at an email or phone nobody has proven (a transfer): a pre-registered
 * row even when an account names that contact without having proven it, so the tickets wait for whoever
 * proves it (issue 12).
 */
export async function preRegisterContact(
  db: Db,
  contact: { email?: string | undefined; phonePrefix?: PhonePrefix | undefined; phone?: string | undefined },
  country: Country,
): Promise<Fan> {
  return insertPreRegistered(db, { firstName: '', lastName: '', ...contact }, country)
}

async function insertPreRegistered(db: Db, input: PreRegistration, country: Country): Promise<Fan> {
  const row = await insertFan(
    db,
    {
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email ?? null,
      phone_prefix: input.phone ? (input.phonePrefix ?? null) : null,
      phone_number: input.phone ?? null,
      document_type: input.documentType ?? null,
      document_number: input.documentNumber ?? null,
      country: input.phonePrefix ? countryOfPhonePrefix(input.phonePrefix) : country,
    },
    'PRE_REGISTERED',
  ).catch((err: unknown) => {
    // Two operators (or two transfers) racing on the same person: the unique indexes decide.
    if (String((err as { code?: string }).code) === '23505') throw new DomainError('AliasExistsException')
    throw err
  })
  return toFan(row, [])
}

/**
 * The pre-registered fans waiting for a contact this account has proven (its email, once confirmed; its
 * phone, once a code reached it). Only proven contacts: a code proves only the channel it went to.
 */
async function preRegisteredFansFor(
  db: Db,
  proven: { email: string | null; phonePrefix: string | null; phone: string | null },
) {
  const found = []
  if (proven.email) found.push(await findFanByEmail(db, proven.email, 'pre-registered'))
  if (proven.phonePrefix && proven.phone)
    found.push(await findFanByPhone(db, proven.phonePrefix, proven.phone, 'pre-registered'))
  const live = found.filter((f): f is NonNullable<typeof f> => f !== undefined && f.user_id === null)
  return [...new Map(live.map((f) => [f.id, f])).values()]
}

/**
 * The account's fan and the pre-registered fans waiting for what the account has proven: `email` when its
 * address is confirmed, `phone` when a code reached its fan's phone. Null when the account has no fan.
 */
export async function preRegistrationsProvenBy(
  db: Db,
  userId: string,
  proven: { email: string | null; phone: boolean },
): Promise<{ fanId: string; waiting: string[] } | null> {
  const fan = await findFanByUserId(db, userId)
  if (!fan) return null
  const waiting = await preRegisteredFansFor(db, {
    email: proven.email,
    phonePrefix: proven.phone ? fan.phone_prefix : null,
    phone: proven.phone ? fan.phone_number : null,
  })
  return { fanId: fan.id, waiting: waiting.map((f) => f.id) }
}

/**
 * A pre-registered fan whose tickets have moved to an account: kept for the records, identifying nothing.
 * Only a pre-registration is retired this way; an account's fan goes with its account (`retireFanOfAccount`).
 */
export async function retirePreRegistered(db: Db, fanId: string): Promise<void> {
  await anonymizeFan(db, fanId, 'PRE_REGISTERED')
}

// --- what the accounts module asks of fan profiles (issue 14: accounts create, complete and retire them) ---

/** The contacts that must be unique among accounts' fans (issue 3), one at a time. */
export type FanContact =
  | { email: string }
  | { phonePrefix: string; phone: string }
  | { documentType: string; documentNumber: string }

/**
 * Whether an account's fan other than `exceptUserId`'s (an abandoned sign-up being replaced) already has
 * this email, phone or document. Pre-registrations do not count: they wait for whoever proves the contact.
 */
export async function contactTakenByAccount(
  db: Db,
  contact: FanContact,
  exceptUserId: string | null,
): Promise<boolean> {
  const row =
    'email' in contact
      ? await findFanByEmail(db, contact.email, 'account')
      : 'phone' in contact
        ? await findFanByPhone(db, contact.phonePrefix, contact.phone, 'account')
        : await findFanByDocument(db, contact.documentType, contact.documentNumber, 'account')
  return row !== undefined && row.user_id !== exceptUserId
}

/** Whether someone pre-registered this email or phone at a counter (they finish sign-up to log in). */
export async function hasPreRegistration(db: Db, id: Identifier): Promise<boolean> {
  const row =
    'email' in id
      ? await findFanByEmail(db, id.email, 'pre-registered')
      : await findFanByPhone(db, id.phonePrefix, id.phone, 'pre-registered')
  return row !== undefined
}

/** A new account's fan, not registered until its email is confirmed (`markFanRegistered`). */
export async function createAccountFan(db: Db, userId: string, input: SignUp, country: Country) {
  await insertFan(
    db,
    {
      user_id: userId,
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      phone_prefix: input.phonePrefix,
      phone_number: input.phone,
      document_type: input.documentType,
      document_number: input.documentNumber,
      gender: input.gender,
      birth_date: input.birthDate,
      country,
    },
    'NOT_REGISTERED',
  )
}

/** The account proved a contact: its fan counts as registered from now on. */
export async function markFanRegistered(db: Db, userId: string): Promise<void> {
  const fan = await findFanByUserId(db, userId)
  if (fan && fan.registration_status !== 'REGISTERED')
    await moveFanRegistration(db, fan.id, fan.registration_status as RegistrationStatus, 'REGISTERED')
}

/** Whether an account's fan other than this account's own already has the phone. */
export async function phoneTakenByAnotherFan(db: Db, userId: string, prefix: PhonePrefix, phone: string) {
  const [owner, own] = await Promise.all([
    findFanByPhone(db, prefix, phone, 'account'),
    findFanByUserId(db, userId),
  ])
  return owner !== undefined && owner.id !== own?.id
}

/** The account's proven new phone, on its fan's profile too. */
export async function setFanPhone(db: Db, userId: string, prefix: PhonePrefix, phone: string) {
  const fan = await findFanByUserId(db, userId)
  if (fan) await updateFan(db, fan.id, { phone_prefix: prefix, phone_number: phone })
}

/** Deleting (or replacing) an account blanks its fan; the row stays for the orders that point at it. */
export async function retireFanOfAccount(db: Db, userId: string): Promise<void> {
  const fan = await findFanByUserId(db, userId)
  if (fan) await anonymizeFan(db, fan.id, fan.registration_status as RegistrationStatus)
}

/**
 * A fan as the counter may see them (issue 15 security): who they are and how to reach them, nothing they
 * bought. `registered` is false until a pre-registered fan finishes sign-up.
 */
export async function lookUpFansAtCounter(db: Db, q: string, country: Country): Promise<CounterFan[]> {
  const rows = await findFansAtCounter(db, q, country, 10)
  return rows.map(counterFanOf)
}

/** The fan an operator picked, with what the order needs to name and reach them. */
export async function fanAtCounter(db: Db, fanId: string, country: Country) {
  const row = await findFanById(db, fanId)
  if (!row || row.country !== country) throw new DomainError('NOT_FOUND', { message: 'No such fan.' })
  return { ...counterFanOf(row), userId: row.registration_status === 'PRE_REGISTERED' ? null : row.user_id }
}

function counterFanOf(row: NonNullable<FanRow>): CounterFan {
  return {
    fanId: row.id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    phone: row.phone_number ? `${row.phone_prefix ?? ''}${row.phone_number}` : null,
    document: row.document_number ? `${row.document_type ?? ''} ${row.document_number}`.trim() : null,
    registered: row.registration_status !== 'PRE_REGISTERED',
  }
}
