import type { Db } from '../../db/dialect.js'

/** Shifts at the counter (migration 0017): one open per operator, closed once by a blind count. */

export type ShiftRow = NonNullable<Awaited<ReturnType<typeof findOpenShift>>>

export async function findOpenShift(db: Db, operatorId: string) {
  return db
    .selectFrom('box_office_shifts')
    .selectAll()
    .where('operator_user_id', '=', operatorId)
    .where('closed_at', 'is', null)
    .executeTakeFirst()
}

/** The open shift, locked: a close and a sale of the same operator take turns on it. */
export async function lockOpenShift(db: Db, operatorId: string) {
  return db
    .selectFrom('box_office_shifts')
    .selectAll()
    .where('operator_user_id', '=', operatorId)
    .where('closed_at', 'is', null)
    .forUpdate()
    .executeTakeFirst()
}

export async function findShift(db: Db, shiftId: string, operatorId: string) {
  return db
    .selectFrom('box_office_shifts')
    .selectAll()
    .where('id', '=', shiftId)
    .where('operator_user_id', '=', operatorId)
    .executeTakeFirst()
}

/** Opens a shift; undefined when the operator already has one open (the partial unique index says so). */
export async function insertShift(
  db: Db,
  shift: { operatorId: string; country: string; currency: string; openingFloat: number },
) {
  return db
    .insertInto('box_office_shifts')
    .values({
      operator_user_id: shift.operatorId,
      country: shift.country,
      currency: shift.currency,
      opening_float: shift.openingFloat,
    })
    .onConflict((oc) => oc.column('operator_user_id').where('closed_at', 'is', null).doNothing())
    .returningAll()
    .executeTakeFirst()
}

export async function closeShiftRow(db: Db, shiftId: string, counted: number, expected: number) {
  return db
    .updateTable('box_office_shifts')
    .set({ closed_at: new Date(), counted_cash: counted, expected_cash: expected })
    .where('id', '=', shiftId)
    .where('closed_at', 'is', null)
    .returningAll()
    .executeTakeFirst()
}
