import type { Db } from '../../db/dialect.js'

// A paguitos plan's automatic charges and notices (migration 0021): each claimed once, across processes.

/** Claims one automatic charge attempt of an installment; false when it was claimed already. */
export async function claimInstallmentCharge(
  trx: Db,
  charge: { order_id: string; seq: number; attempt: number; payment_id: string },
) {
  const row = await trx
    .insertInto('installment_charges')
    .values(charge)
    .onConflict((oc) => oc.columns(['order_id', 'seq', 'attempt']).doNothing())
    .returning('seq')
    .executeTakeFirst()
  return row !== undefined
}

/** How many automatic charges an installment has had (the plan pass's retry count). */
export async function chargeAttemptsOf(db: Db, orderId: string, seq: number) {
  const r = await db
    .selectFrom('installment_charges')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('order_id', '=', orderId)
    .where('seq', '=', seq)
    .executeTakeFirst()
  return Number(r?.n ?? 0)
}

/** Open plans, oldest first, a page at a time. */
export async function openPlanIds(db: Db, after: string | null, limit: number) {
  let q = db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'PENDING')
    .where('plan_opened_at', 'is not', null)
    .orderBy('id')
    .limit(limit)
  if (after) q = q.where('id', '>', after)
  return (await q.execute()).map((r) => r.id)
}

/** Records a notice as sent; false when another process (or an earlier pass) sent it already. */
export async function claimNotice(trx: Db, orderId: string, seq: number, kind: string) {
  const row = await trx
    .insertInto('installment_notices')
    .values({ order_id: orderId, seq, kind })
    .onConflict((oc) => oc.columns(['order_id', 'seq', 'kind']).doNothing())
    .returning('seq')
    .executeTakeFirst()
  return row !== undefined
}
