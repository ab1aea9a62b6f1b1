import type { Currency } from '@palco/domain/locale/country'
import type { OrderStatus, PurchaseStatus } from '@palco/domain/orders/statuses'
import type { PendingPayment, Purchase, PurchasePage } from '@palco/domain/tickets/contract'
import type { Db } from '../../db/dialect.js'
import { eventOf } from '../tickets/tickets.service.js'
import { countPurchases, findPurchases, pendingPaymentsOf } from './purchases.repository.js'

type Line = { section: string; row: string; seat: number; zoneName: string | null; total: number }

const PENDING_STATUSES: readonly string[] = ['PENDING', 'PENDING_CASH_PAYMENT', 'PROCESSING_TRANSFER']

const iso = (d: Date | string) => new Date(d).toISOString()

function pendingOf(
  p: Awaited<ReturnType<typeof pendingPaymentsOf>>[number] | undefined,
): PendingPayment | null {
  if (!p) return null
  const v = p.voucher as { network?: string; reference?: string; barcode?: string; expiresAt?: string } | null
  const t = p.transfer as {
    kind?: string
    clabe?: string | null
    bankName?: string | null
    reference?: string
    expiresAt?: string
  } | null
  const expiresAt = v?.expiresAt ?? t?.expiresAt ?? (p.expires_at ? iso(p.expires_at) : null)
  if (v?.reference && expiresAt) {
    return {
      kind: 'CASH',
      network: v.network ?? null,
      reference: v.reference,
      barcode: v.barcode ?? null,
      clabe: null,
      bankName: null,
      amount: Number(p.amount),
      expiresAt,
    }
  }
  if (t?.reference && expiresAt) {
    return {
      kind: 'TRANSFER',
      network: t.kind ?? null,
      reference: t.reference,
      barcode: null,
      clabe: t.clabe ?? null,
      bankName: t.bankName ?? null,
      amount: Number(p.amount),
      expiresAt,
    }
  }
  return null
}

async function load(db: Db, userId: string, page: { offset: number; limit: number; orderId?: string }) {
  const rows = await findPurchases(db, userId, page)
  const pendingIds = rows.filter((r) => PENDING_STATUSES.includes(r.status)).map((r) => r.id)
  const payments = await pendingPaymentsOf(db, pendingIds)
  return rows.map(
    (r): Purchase => ({
      id: r.id,
      code: r.code,
      status: r.status as OrderStatus,
      purchaseStatus: r.purchase_status as PurchaseStatus,
      method: r.method,
      provider: r.provider,
      currency: r.currency as Currency,
      subtotal: Number(r.subtotal),
      fees: Number(r.fees),
      discount: Number(r.discount),
      total: Number(r.total),
      createdAt: iso(r.created_at),
      paidAt: r.paid_at ? iso(r.paid_at) : null,
      event: eventOf(r),
      items: ((r.lines as Line[] | null) ?? []).map((l) => ({
        section: l.section,
        row: l.row,
        seat: Number(l.seat),
        zoneName: l.zoneName ?? null,
        total: Number(l.total),
      })),
      ticketCount: Number(r.ticket_count ?? 0),
      cardInstallments: r.card_installments === null ? null : Number(r.card_installments),
      plan: r.plan_opened_at !== null,
      pending: PENDING_STATUSES.includes(r.status)
        ? pendingOf(payments.find((p) => p.order_id === r.id))
        : null,
    }),
  )
}

/** GET /api/myPurchases (spec §9 paging: first page 0, size 20). */
export async function myPurchases(db: Db, userId: string, page: number, size: number): Promise<PurchasePage> {
  const total = await countPurchases(db, userId)
  const items = await load(db, userId, { offset: page * size, limit: size })
  return { items, page, size, total, totalPages: Math.ceil(total / size) }
}

export async function myPurchase(db: Db, userId: string, orderId: string): Promise<Purchase | undefined> {
  const [p] = await load(db, userId, { offset: 0, limit: 1, orderId })
  return p
}
