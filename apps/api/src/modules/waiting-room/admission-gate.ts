import { DomainError } from '@palco/domain/errors/domain-error'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/dialect.js'
import type { PassSigner } from './admission-pass.js'
import { spendTurn, turnsSnapshot } from './waiting-room.service.js'

/** How stale each process's list of guarded events (and of spent passes) may be: docs/decisions.md. */
export const GATE_CACHE_MS = 5_000

/** The cookie the waiting page's status sets with the pass, one per event. */
export const passCookie = (eventId: string) => `palco_pass_${eventId}`

/** The passes a request carries: `x-palco-pass` (API clients), and the cookie of this event (or of every one). */
export function passesOf(request: FastifyRequest, eventId?: string): string[] {
  const header = request.headers['x-palco-pass']
  const out = typeof header === 'string' && header ? [header] : []
  const cookies = request.cookies ?? {}
  if (eventId) {
    const own = cookies[passCookie(eventId)]
    if (own) out.push(own)
  } else
    for (const [name, value] of Object.entries(cookies))
      if (name.startsWith('palco_pass_') && value) out.push(value)
  return out
}

/** The waiting page of an event, where a refused purchase is sent back to. */
export const queuePath = (eventId: string) => `/waiting-room/${eventId}`

/** A purchase's admission: `check` is synchronous (no database), `spend` marks the pass used after a sale. */
export interface Admission {
  check(eventId: string): void
  spend(): Promise<void>
}

const refuse = (eventId: string) =>
  new DomainError('WAITING_ROOM_PASS_INVALID', {
    message: 'It is not your turn for this event, or your turn has ended: go back to the waiting room.',
    details: { queue: queuePath(eventId) },
  })

/**
 * The check on every hold and checkout call (issue 42 part 1). Which events have a room on, and which
 * passes were spent lately, are read from the database at most every GATE_CACHE_MS per process (one query
 * shared by every request meanwhile); a pass is checked with its signature alone.
 */
export class AdmissionGate {
  #events = new Set<string>()
  #spent = new Set<string>()
  #readAt = -Infinity
  #reading: Promise<void> | null = null

  constructor(
    private readonly db: Db,
    private readonly signer: PassSigner,
    private readonly clock: () => number = Date.now,
    private readonly rooms?: { forgetAll(): void },
  ) {}

  /** Forget what this process keeps of rooms (an admin just changed one here): the next request reads them. */
  invalidate() {
    this.#readAt = -Infinity
    this.rooms?.forgetAll()
  }

  async #fresh() {
    if (this.clock() - this.#readAt < GATE_CACHE_MS) return
    this.#reading ??= turnsSnapshot(this.db)
      .then((s) => {
        this.#events = s.events
        // Spent here but not yet seen by the database read stays spent.
        for (const id of s.spent) this.#spent.add(id)
        if (this.#spent.size > 200_000) this.#spent = s.spent
        this.#readAt = this.clock()
      })
      .finally(() => {
        this.#reading = null
      })
    await this.#reading
  }

  /** Refuses a hold of a guarded event unless the pass is this account's, for this event, live and unspent. */
  async assertAdmitted(request: FastifyRequest, eventId: string, userId: string): Promise<void> {
    const admission = await this.#admission(userId, passesOf(request, eventId))
    admission.check(eventId)
  }

  /** The account's valid passes, verified once, for a call whose event is learnt later (checkout). */
  admissionOf(request: FastifyRequest, userId: string): Promise<Admission> {
    return this.#admission(userId, passesOf(request))
  }

  async #admission(userId: string, tokens: readonly string[]): Promise<Admission> {
    await this.#fresh()
    const passes = new Map<string, string>()
    for (const token of tokens.slice(0, 4)) {
      const claims = await this.signer.verify(token)
      if (claims && claims.userId === userId && !this.#spent.has(claims.placeId))
        passes.set(claims.eventId, claims.placeId)
    }
    let used: string | undefined
    return {
      check: (eventId) => {
        if (!this.#events.has(eventId)) return
        used = passes.get(eventId)
        if (!used) throw refuse(eventId)
      },
      spend: async () => {
        if (!used) return
        this.#spent.add(used)
        await spendTurn(this.db, used)
      },
    }
  }
}
