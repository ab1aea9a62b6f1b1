import type { CheckInResult, OfflinePackage } from '@palco/domain/tickets/contract'
import {
  fromBase64Url,
  importVerifyKey,
  type KnownTicket,
  parseTicketCode,
  type TicketCryptoKey,
  verifyTicketCode,
} from '@palco/domain/tickets/qr-code'

/**
 * A gate that keeps admitting while the network is down (issue 7, part 6): it verifies codes against the
 * offline package (public key, per-ticket verification data, revocation list, entries so far) and
 * remembers what it admitted, so the same ticket is refused the second time at this gate. Entries are
 * queued with the moment they were scanned and replayed through POST /api/checkin once the network is
 * back, where the server still admits each ticket once per event across all gates and records the entry
 * at that moment, not at the moment it arrived (issue 13).
 */
export interface OfflineGate {
  eventId: string
  scan(code: string, gate: string, nowMs: number): Promise<OfflineScan>
  /** Entries admitted offline, oldest first, not yet sent to the server. */
  pending(): PendingEntry[]
  /**
   * Sends the pending entries oldest first, one at a time, and stops at the first one that has to wait
   * (it stays queued, with those after it); resolves to how many are left. A call while another is running
   * joins it, so the `online` event, the retry timer and a scan never send one entry twice.
   */
  flush(send: (entry: PendingEntry) => Promise<Delivery>): Promise<number>
  /** A ticket the server admitted while online: refused here too if the network drops later. */
  remember(code: string, at: string, gate: string): void
  size: number
}

export interface PendingEntry {
  code: string
  gate: string
  /** When the gate admitted it (ISO 8601), sent as `scannedAt`. */
  scannedAt: string
}

/** `sent`: the server has answered for the entry (whatever it decided); `later`: try again. */
export type Delivery = 'sent' | 'later'

/**
 * Whether a refused entry should leave the queue: the server looked at it and will refuse it again (400,
 * 422: malformed, or scanned too long ago). No answer, a lost session (401, 403), throttling (429) or a
 * server error keep it for the next try, or it would be lost for a passing problem.
 */
export function isLastingRefusal(status: number): boolean {
  return status >= 400 && status < 500 && ![401, 403, 408, 429].includes(status)
}

export interface OfflineScan {
  result: CheckInResult
  at: string | null
  gate: string | null
}

export async function openOfflineGate(pkg: OfflinePackage): Promise<OfflineGate> {
  const raw = fromBase64Url(pkg.publicKey)
  // A browser without Ed25519 in WebCrypto can still check the unsigned types offline.
  const publicKey: TicketCryptoKey | null = raw ? await importVerifyKey(raw).catch(() => null) : null
  const tickets = new Map(pkg.tickets.map((t) => [t.ticketId, t]))
  const used = new Map(pkg.checkedIn.map((c) => [c.ticketId, { at: c.at, gate: c.gate }]))
  const queue: PendingEntry[] = []
  let flushing: Promise<number> | null = null
  async function drain(send: (entry: PendingEntry) => Promise<Delivery>): Promise<number> {
    for (let entry = queue[0]; entry; entry = queue[0]) {
      if ((await send(entry)) === 'later') break
      queue.shift()
    }
    return queue.length
  }
  return {
    eventId: pkg.eventId,
    async scan(code, gate, nowMs) {
      const parsed = parseTicketCode(code)
      if (!parsed) return { result: 'INVALID', at: null, gate: null }
      const t = tickets.get(parsed.ticketId)
      const digest = t?.secretDigest ? fromBase64Url(t.secretDigest) : null
      const secret = t?.secret ? fromBase64Url(t.secret) : null
      // The package lists exactly the tickets that get into this event: its own and the season passes or
      // bundles that include it, each with the event and QR type it was sold with.
      const known: KnownTicket | null = t
        ? {
            ticketId: t.ticketId,
            eventId: t.eventId,
            admits: new Set([pkg.eventId]),
            version: t.version,
            qrType: t.qrType,
            ...(digest ? { secretDigest: digest } : {}),
            ...(secret ? { secret } : {}),
          }
        : null
      const verdict = await verifyTicketCode(parsed, known, {
        eventId: pkg.eventId,
        nowMs,
        publicKey,
        stepSeconds: pkg.stepSeconds,
        windowSteps: pkg.windowSteps,
      })
      const first = used.get(parsed.ticketId)
      if ((verdict === 'VALID' || verdict === 'EXPIRED') && first) {
        return { result: 'ALREADY_USED', at: first.at, gate: first.gate }
      }
      if (verdict !== 'VALID') return { result: verdict, at: null, gate: null }
      const at = new Date(nowMs).toISOString()
      used.set(parsed.ticketId, { at, gate })
      queue.push({ code, gate, scannedAt: at })
      return { result: 'VALID', at, gate }
    },
    size: tickets.size,
    remember(code, at, gate) {
      const parsed = parseTicketCode(code)
      if (parsed && !used.has(parsed.ticketId)) used.set(parsed.ticketId, { at, gate })
    },
    pending: () => [...queue],
    flush(send) {
      // Cleared in a callback, which always runs after this assignment (even for an empty queue).
      flushing ??= drain(send).finally(() => {
        flushing = null
      })
      return flushing
    },
  }
}
