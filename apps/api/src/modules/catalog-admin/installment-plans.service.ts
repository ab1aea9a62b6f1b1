import { DomainError } from '@palco/domain/errors/domain-error'
import type { InstallmentPlanList, InstallmentPlanRow } from '@palco/domain/installments/contract'
import {
  datesFit,
  type InstallmentPlan,
  installmentPlanSchema,
  scheduleOf,
} from '@palco/domain/installments/schedule'
import type { Currency } from '@palco/domain/locale/country'
import type { Scope } from '@palco/domain/organisers/staff-access'
import type { Db } from '../../db/dialect.js'
import { type Actor, audit } from './audit.js'
import {
  deletePlan,
  findEventForPlan,
  findPlan,
  upcomingEventsWithPlan,
  upsertPlan,
} from './installment-plans.repository.js'

/** A stored plan, read through the domain's schema: a row the schema no longer accepts offers nothing. */
const planOf = (stored: unknown): InstallmentPlan | null => {
  const parsed = installmentPlanSchema.safeParse(stored)
  return parsed.success ? parsed.data : null
}

function exampleOf(
  plan: InstallmentPlan | null,
  lowest: number | null,
  currency: Currency,
  startsAt: Date,
  now: Date,
): InstallmentPlanRow['example'] {
  if (!plan || lowest === null || lowest <= 0) return null
  return { total: lowest, schedule: scheduleOf({ amount: lowest, currency }, plan, now, startsAt) }
}

/** The site's upcoming events with their paguitos plans (issue 16 part 1), for the back office. */
export async function installmentPlans(
  db: Db,
  country: string,
  scope: Scope,
  now = new Date(),
): Promise<InstallmentPlanList> {
  const rows = await upcomingEventsWithPlan(db, country, scope, 100)
  return {
    events: rows.map((r) => {
      const plan = r.plan === null ? null : planOf(r.plan)
      const startsAt = new Date(r.starts_at)
      const currency = r.currency as Currency
      const lowest = r.lowest_price === null ? null : Number(r.lowest_price)
      return {
        eventId: r.id,
        name: r.name,
        startsAt: startsAt.toISOString(),
        currency,
        plan,
        lowestPrice: lowest,
        example: exampleOf(plan, lowest, currency, startsAt, now),
      }
    }),
  }
}

async function eventOfSite(db: Db, eventId: string, country: string) {
  const event = await findEventForPlan(db, eventId)
  if (!event || event.country !== country) throw new DomainError('NOT_FOUND', { message: 'No such event.' })
  return event
}

/**
 * Sets an event's plan: the event is then sold with paguitos. A plan whose last payment could not fall
 * before the event even for a purchase today is refused (RULE_BROKEN on `payments`): it would never be
 * offered. Amount rules (minimum payment, deposit) depend on the total and are checked per purchase.
 */
export async function saveInstallmentPlan(
  db: Db,
  actor: Actor,
  country: string,
  eventId: string,
  plan: InstallmentPlan,
  now = new Date(),
): Promise<InstallmentPlanRow> {
  const event = await eventOfSite(db, eventId, country)
  if (!datesFit(plan, now, new Date(event.starts_at))) {
    throw new DomainError('RULE_BROKEN', {
      message: 'The last payment would fall too close to the event.',
      fields: { payments: 'planDoesNotFit' },
    })
  }
  await db.transaction().execute(async (trx) => {
    await upsertPlan(trx, eventId, plan)
    await audit(trx, actor, 'installment_plan.save', 'event', eventId, plan)
  })
  return rowOf(db, country, eventId, now)
}

/** Stops selling the event with paguitos; plans already bought keep their own schedule. */
export async function removeInstallmentPlan(db: Db, actor: Actor, country: string, eventId: string) {
  await eventOfSite(db, eventId, country)
  await db.transaction().execute(async (trx) => {
    if (await deletePlan(trx, eventId))
      await audit(trx, actor, 'installment_plan.remove', 'event', eventId, {})
  })
}

async function rowOf(db: Db, country: string, eventId: string, now: Date): Promise<InstallmentPlanRow> {
  // The route already checked the event is the asker's; the row is read as the whole platform sees it.
  const row = (await installmentPlans(db, country, { all: true }, now)).events.find(
    (e) => e.eventId === eventId,
  )
  if (!row) throw new DomainError('NOT_FOUND', { message: 'No such event.' })
  return row
}

/** The event's paguitos plan, or null when it is not sold with paguitos (issue 16: what checkout offers). */
export async function planOfEvent(db: Db, eventId: string): Promise<InstallmentPlan | null> {
  const row = await findPlan(db, eventId)
  return row ? planOf(row.plan) : null
}
