import { DomainError } from '@palco/domain/errors/domain-error'
import type { Country, PhonePrefix } from '@palco/domain/locale/country'
import type { Fan } from '@palco/domain/people/fan'
import { countryOfPhonePrefix, toE164 } from '@palco/domain/people/fan'
import type { DocumentType, Gender, RegistrationStatus } from '@palco/domain/people/vocabulary'
import type { Db } from '../../db/dialect.js'
import { findAuthUserByEmail, findAuthUserByPhone, setAuthUserProfile } from '../auth/auth.repository.js'
import type { SessionView } from '../auth/auth.service.js'
import {
  type FanRow,
  findFanByDocument,
  findFanByEmail,
  findFanByPhone,
  findFanByUserId,
  insertFan,
  updateFan,
} from './fans.repository.js'

export function toFan(row: NonNullable<FanRow>, roles: SessionView['roles']): Fan {
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
export async function fanOfSession(db: Db, session: SessionView): Promise<Fan> {
  const row = await findFanByUserId(db, session.userId)
  if (!row) throw new DomainError('UserNotFoundException')
  return toFan(row, session.roles)
}

export async function updateProfile(
  db: Db,
  session: SessionView,
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
  await setAuthUserProfile(db, session.userId, { name: `${patch.firstName} ${patch.lastName}` })
  return toFan(updated, session.roles)
}

/** Existence checks for the registration form (spec §7); rate-limited on the routes. */
export async function emailExists(db: Db, email: string) {
  return Boolean((await findFanByEmail(db, email)) ?? (await findAuthUserByEmail(db, email)))
}

export async function phoneExists(db: Db, prefix: PhonePrefix, phone: string) {
  return Boolean(
    (await findFanByPhone(db, prefix, phone)) ?? (await findAuthUserByPhone(db, toE164(prefix, phone))),
  )
}

export async function documentExists(db: Db, type: DocumentType, number: string) {
  return Boolean(await findFanByDocument(db, type, number))
}

/** A fan created at the box office (or for a ticket transfer) before they have an account (spec §3). */
export async function preRegisterFan(
  db: Db,
  input: {
    firstName: string
    lastName: string
    email?: string | undefined
    phonePrefix?: PhonePrefix | undefined
    phone?: string | undefined
    documentType?: DocumentType | undefined
    documentNumber?: string | undefined
  },
  country: Country,
): Promise<Fan> {
  if (input.email && (await emailExists(db, input.email))) {
    throw new DomainError('UsernameExistsException', { field: 'email' })
  }
  if (input.phonePrefix && input.phone && (await phoneExists(db, input.phonePrefix, input.phone))) {
    throw new DomainError('RepeatedPhoneNumber', { field: 'phone' })
  }
  if (
    input.documentType &&
    input.documentNumber &&
    (await documentExists(db, input.documentType, input.documentNumber))
  ) {
    throw new DomainError('RepeatedDocumentNumber', { field: 'documentNumber' })
  }
  const row = await insertFan(db, {
    first_name: input.firstName,
    last_name: input.lastName,
    email: input.email ?? null,
    phone_prefix: input.phone ? (input.phonePrefix ?? null) : null,
    phone_number: input.phone ?? null,
    document_type: input.documentType ?? null,
    document_number: input.documentNumber ?? null,
    country: input.phonePrefix ? countryOfPhonePrefix(input.phonePrefix) : country,
    registration_status: 'PRE_REGISTERED',
  }).catch((err: unknown) => {
    // Two operators racing on the same person: the unique constraints decide.
    if (String((err as { code?: string }).code) === '23505') throw new DomainError('AliasExistsException')
    throw err
  })
  return toFan(row, [])
}
