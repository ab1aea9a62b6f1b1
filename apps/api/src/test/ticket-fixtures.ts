import { randomBytes } from 'node:crypto'
import type { QrType } from '@palco/domain/tickets/qr'
import type { Db } from '../db/dialect.js'
import { insertEvent, insertVenue } from './fixtures.js'

const HOUR = 3_600_000

/** The auth user id of an email (demo accounts and registered fans). */
export async function userIdOf(db: Db, email: string): Promise<string> {
  const row = await db
    .selectFrom('auth_users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow()
  return row.id
}

/** An event with a QR type, transfer rule and stadium code of the test's choosing. */
export async function insertTicketEvent(
  db: Db,
  opts: {
    qrType?: QrType
    transferable?: boolean
    startsAt?: Date
    stadiumCode?: string | null
    country?: 'COL' | 'MEX'
    name?: string
  } = {},
) {
  const venue = await insertVenue(db, opts.country ?? 'COL')
  if (opts.stadiumCode !== undefined) {
    await db
      .updateTable('venues')
      .set({ stadium_code: opts.stadiumCode })
      .where('id', '=', venue.id)
      .execute()
  }
  const event = await insertEvent(db, venue, {
    ...(opts.startsAt ? { startsAt: opts.startsAt } : {}),
    ...(opts.name ? { name: opts.name } : {}),
  })
  await db
    .updateTable('events')
    .set({ qr_type: opts.qrType ?? 'STATIC_DEFAULT', tickets_transferable: opts.transferable ?? true })
    .where('id', '=', event.id)
    .execute()
  return { ...event, venue }
}

/**
 * A paid order with `seats` tickets for a user, written straight to the tables (no checkout involved), so
 * ticket tests do not depend on the checkout's internals. Status PENDING_CASH_PAYMENT gives a pending
 * purchase with a cash voucher and no tickets.
 */
export async function insertPaidOrder(
  db: Db,
  userId: string,
  event: { id: string; country: string; currency: string },
  opts: {
    seats?: number
    status?: 'PAID' | 'PENDING_CASH_PAYMENT'
    createdAt?: Date
    section?: string
    unnumbered?: boolean
  } = {},
) {
  const seats = opts.seats ?? 2
  const status = opts.status ?? 'PAID'
  const section = opts.section ?? 'ORIENTAL_ALTA-SECCION_101'
  const hold = await db
    .insertInto('seat_holds')
    .values({
      event_id: event.id,
      user_id: userId,
      status: status === 'PAID' ? 'FINISHED' : 'WAITING_FOR_PAYMENT',
      expires_at: new Date(Date.now() + HOUR),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const places = Array.from({ length: seats }, (_, i) => ({
    section,
    placeIndex: i + Math.floor(Math.random() * 1_000_000),
    row: opts.unnumbered ? 'UNNUMBERED' : 'B',
    seat: i + 1,
    zoneName: 'Oriental',
  }))
  const lines = places.map((p) => ({
    key: `${p.section}/${p.row}-${p.seat}`,
    zoneName: p.zoneName,
    section: p.section,
    row: p.row,
    seat: p.seat,
    unitPrice: 5_000_000,
    fee: 0,
    discount: 0,
    total: 5_000_000,
    placeIndex: p.placeIndex,
  }))
  const total = 5_000_000 * seats
  const order = await db
    .insertInto('orders')
    .values({
      code: `PAL-${randomBytes(4).toString('hex').toUpperCase()}`,
      user_id: userId,
      placed_by: userId,
      hold_id: hold.id,
      event_id: event.id,
      country: event.country,
      locale: event.country === 'MEX' ? 'en-US' : 'es-CO',
      currency: event.currency,
      status,
      purchase_status: status === 'PAID' ? 'COMPLETED' : 'PENDING_CASH_PAYMENT',
      method: status === 'PAID' ? 'CARD' : 'CASH',
      provider: 'PALCO',
      subtotal: total,
      fees: 0,
      discount: 0,
      wallet_amount: 0,
      total,
      promo_id: null,
      promo_code: null,
      lines: JSON.stringify(lines),
      contact: JSON.stringify({}),
      billing: JSON.stringify({}),
      idempotency_key: randomBytes(8).toString('hex'),
      failure_code: null,
      ...(opts.createdAt ? { created_at: opts.createdAt } : {}),
      paid_at: status === 'PAID' ? new Date() : null,
    })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow()
  if (status !== 'PAID') {
    await db
      .insertInto('payments')
      .values({
        order_id: order.id,
        user_id: userId,
        provider_code: 'PALCO',
        method: 'CASH',
        network: 'cash',
        amount: total,
        currency: event.currency,
        status: 'PENDING',
        transaction_status: 'PENDING',
        idempotency_key: randomBytes(8).toString('hex'),
        voucher: JSON.stringify({
          network: 'cash',
          reference: '123456789012',
          barcode: '123456789012',
          amount: total,
          expiresAt: new Date(Date.now() + 48 * HOUR).toISOString(),
        }),
        expires_at: new Date(Date.now() + 48 * HOUR),
      })
      .execute()
    return { order, tickets: [] as { id: string }[] }
  }
  const tickets = await db
    .insertInto('tickets')
    .values(
      places.map((p) => ({
        order_id: order.id,
        event_id: event.id,
        owner_user_id: userId,
        section_code: p.section,
        place_index: p.placeIndex,
        row_label: p.row,
        seat_number: p.seat,
        zone_name: p.zoneName,
        kind: 'PAID',
        ownership: 'OWNED',
        status: 'PAID',
        qr_secret: randomBytes(32),
      })),
    )
    .returning('id')
    .execute()
  return { order, tickets }
}

/**
 * A season pass, event bundle or tour bundle: a product event of its own (what the ticket is sold for)
 * listing the events it includes in event_product_items, as the catalogue does.
 */
export async function insertPassProduct(
  db: Db,
  included: readonly { id: string }[],
  opts: { type?: 'SEASON_PASS' | 'EVENT_BUNDLE' | 'TOUR_BUNDLE'; qrType?: QrType } = {},
) {
  const product = await insertTicketEvent(db, {
    ...(opts.qrType ? { qrType: opts.qrType } : {}),
    name: 'Abono',
  })
  const type = opts.type ?? 'SEASON_PASS'
  await db.updateTable('events').set({ type }).where('id', '=', product.id).execute()
  await db
    .insertInto('event_product_items')
    .values(included.map((e, position) => ({ product_id: product.id, event_id: e.id, position })))
    .execute()
  return { ...product, type }
}
