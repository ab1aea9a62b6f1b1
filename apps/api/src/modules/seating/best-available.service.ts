import { DomainError } from '@palco/domain/errors/domain-error'
import {
  type BestAvailablePlan,
  planBestAvailable,
  proposeBestAvailable,
} from '@palco/domain/seating/best-available'
import type { BestAvailableBody, BestAvailableProposal } from '@palco/domain/seating/seat-layout-contract'
import type { Db } from '../../db/dialect.js'
import type { AvailabilityCache } from './availability.service.js'
import { preferencesOf } from './seat-customizations.service.js'
import { seatLayoutOf } from './seat-layout.service.js'

/**
 * Best available (issue 5 part 5) answered from memory: the event check and availability come from the
 * AvailabilityCache, the layout's sections from a plan made once per event. Anyone may ask without a
 * session, so re-reading the 42,000-seat layout and deciding every seat's state on each call (16 ms of CPU
 * a proposal, bench/best-available) let a handful of clients slow every other request of the process.
 */
export class BestAvailableProposer {
  /** A stadium's plan holds its parsed layout (a few megabytes); only events being sold need one. */
  static readonly MAX_PLANS = 16
  private readonly plans = new Map<string, Promise<BestAvailablePlan | null>>()

  constructor(private readonly availability: AvailabilityCache) {}

  async propose(
    db: Db,
    request: BestAvailableBody,
    who: { country: string; userId: string | null },
  ): Promise<BestAvailableProposal> {
    const { eventId } = request
    await this.availability.assertPublic(db, eventId, who.country)
    const plan = await this.planOf(db, eventId)
    if (!plan) throw new DomainError('RULE_BROKEN', { message: 'This event has no seat map.' })
    const preferredSections = who.userId ? (await preferencesOf(db, who.userId)).preferredSections : []
    const snapshot = await this.availability.fresh(db, eventId)
    const proposal = proposeBestAvailable(plan, {
      quantity: request.quantity,
      section: request.section,
      preferredSections,
      statesOf: (code) => snapshot.statesOf(code),
    })
    if (!proposal)
      throw new DomainError('SEAT_UNAVAILABLE', { message: 'No adjacent seats for that many people.' })
    return proposal
  }

  /**
   * Kept without expiry: a layout version is never edited (an edit stores a new version), and an event's
   * layout and price zones are fixed once it leaves DRAFT (catalog-admin updateEvent), which it has by the
   * time assertPublic lets a request through. Most recently used last, so the oldest goes first.
   */
  private planOf(db: Db, eventId: string): Promise<BestAvailablePlan | null> {
    const known = this.plans.get(eventId)
    if (known) {
      this.plans.delete(eventId)
      this.plans.set(eventId, known)
      return known
    }
    const plan = readPlan(db, eventId)
    this.plans.set(eventId, plan)
    plan.catch(() => {
      if (this.plans.get(eventId) === plan) this.plans.delete(eventId)
    })
    if (this.plans.size > BestAvailableProposer.MAX_PLANS) {
      const oldest = this.plans.keys().next().value
      if (oldest !== undefined) this.plans.delete(oldest)
    }
    return plan
  }
}

async function readPlan(db: Db, eventId: string): Promise<BestAvailablePlan | null> {
  const { layout, zones } = await seatLayoutOf(db, eventId)
  return layout && planBestAvailable(layout, (code) => Boolean(zones[code]))
}
