import type { FastifyInstance } from 'fastify'
import { findFanByEmail, insertFan } from '../../modules/fans/fans.repository.js'
import { markFanRegistered } from '../../modules/fans/fans.service.js'
import { seedDemoWallets } from './demo-checkout.js'
import { seedDemoOrganisers } from './demo-organisers.js'

export const DEMO_PASSWORD = 'Palco#2026'

/** The README lists these; every one logs in with DEMO_PASSWORD. */
export const DEMO_ACCOUNTS = [
  {
    email: 'fan@palco.co',
    firstName: 'Camila',
    lastName: 'Rojas',
    role: 'fan',
    country: 'COL',
    phonePrefix: '+57',
    phone: '3001234567',
    documentType: 'CC',
    documentNumber: '1020304050',
  },
  {
    email: 'fan@palco.mx',
    firstName: 'Diego',
    lastName: 'Hernández',
    role: 'fan',
    country: 'MEX',
    phonePrefix: '+52',
    phone: '5512345678',
    documentType: 'PP',
    documentNumber: 'G12345678',
  },
  {
    email: 'operador@palco.co',
    firstName: 'Óscar',
    lastName: 'Taquilla',
    role: 'operator',
    country: 'COL',
    phonePrefix: '+57',
    phone: '3109876543',
    documentType: 'CC',
    documentNumber: '79888777',
  },
  {
    email: 'admin@palco.co',
    firstName: 'Ana',
    lastName: 'Admin',
    role: 'admin',
    country: 'COL',
    phonePrefix: '+57',
    phone: '3205551234',
    documentType: 'CC',
    documentNumber: '52111222',
  },
  {
    // Draws venues in the layout editor and nothing else (issue 18).
    email: 'planos@palco.co',
    firstName: 'Valeria',
    lastName: 'Planos',
    role: 'layout_editor',
    country: 'COL',
    phonePrefix: '+57',
    phone: '3157778899',
    documentType: 'CC',
    documentNumber: '1033444555',
  },
  // Organisers' staff (issue 43): each sees and runs only its organiser's events (demo-organisers.ts).
  {
    email: 'club@palco.co',
    firstName: 'Julián',
    lastName: 'Cancha',
    role: 'organiser',
    country: 'COL',
    phonePrefix: '+57',
    phone: '3161112233',
    documentType: 'CC',
    documentNumber: '80123123',
  },
  {
    email: 'eventos@palco.co',
    firstName: 'Marcela',
    lastName: 'Tarima',
    role: 'organiser',
    country: 'COL',
    phonePrefix: '+57',
    phone: '3172223344',
    documentType: 'CC',
    documentNumber: '52987987',
  },
  {
    email: 'taquilla.club@palco.co',
    firstName: 'Felipe',
    lastName: 'Boletería',
    role: 'operator',
    country: 'COL',
    phonePrefix: '+57',
    phone: '3183334455',
    documentType: 'CC',
    documentNumber: '1012345678',
  },
  {
    email: 'club@palco.mx',
    firstName: 'Rodrigo',
    lastName: 'Estadio',
    role: 'organiser',
    country: 'MEX',
    phonePrefix: '+52',
    phone: '5523456789',
    documentType: 'PP',
    documentNumber: 'G23456789',
  },
  {
    email: 'eventos@palco.mx',
    firstName: 'Lucía',
    lastName: 'Escenario',
    role: 'organiser',
    country: 'MEX',
    phonePrefix: '+52',
    phone: '5534567890',
    documentType: 'PP',
    documentNumber: 'G34567890',
  },
] as const

/**
 * The contact and billing details the Colombian demo fan gives at checkout, as tests and benchmarks send
 * them; `email` is where the order's mail goes (tests keep their mail apart by it).
 */
export function demoCheckoutDetails(email: string) {
  const a = DEMO_ACCOUNTS[0]
  return {
    contact: { firstName: a.firstName, lastName: a.lastName, email, phone: `${a.phonePrefix}${a.phone}` },
    billing: {
      fullName: `${a.firstName} ${a.lastName}`,
      documentType: a.documentType,
      documentNumber: a.documentNumber,
    },
  }
}

/** Idempotent: an account that already exists is left as it is. */
export async function seedDemoAccounts(app: FastifyInstance): Promise<number> {
  let created = 0
  for (const a of DEMO_ACCOUNTS) {
    if (await findFanByEmail(app.db, a.email, 'account')) continue
    const exists = await app.db
      .selectFrom('auth_users')
      .select('id')
      .where('email', '=', a.email)
      .executeTakeFirst()
    const userId =
      exists?.id ??
      (
        await app.auth.api.signUpEmail({
          body: { email: a.email, password: DEMO_PASSWORD, name: `${a.firstName} ${a.lastName}` },
        })
      ).user.id
    await app.db
      .updateTable('auth_users')
      .set({
        emailVerified: true,
        role: a.role,
        phoneNumber: `${a.phonePrefix}${a.phone}`,
        phoneNumberVerified: true,
      })
      .where('id', '=', userId)
      .execute()
    await insertFan(
      app.db,
      {
        user_id: userId,
        first_name: a.firstName,
        last_name: a.lastName,
        email: a.email,
        phone_prefix: a.phonePrefix,
        phone_number: a.phone,
        document_type: a.documentType,
        document_number: a.documentNumber,
        gender: 'OTHER',
        birth_date: '1990-05-17',
        country: a.country,
      },
      'NOT_REGISTERED',
    )
    // Demo accounts come with their contact proven, as if their e-mail had been confirmed.
    await markFanRegistered(app.db, userId)
    created++
  }
  await seedDemoWallets(app.db)
  await seedDemoOrganisers(app.db)
  return created
}
