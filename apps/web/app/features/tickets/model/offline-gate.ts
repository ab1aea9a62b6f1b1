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
 * queued and replayed through POST /api/checkin once the network is back, where the server still admits
 * each ticket once across all gates.
 */
export interface OfflineGate {
  eventId: string
  scan(code: string, gate: string, nowMs: number): Promise<OfflineScan>
  /** Entries admitted offline, oldest first, not yet sent to the server. */
  pending(): { code: string; gate: string }[]
  sent(count: number): void
  /** A ticket the server admitted while online: refused here too if the network drops later. */
  remember(code: string, at: string, gate: string): void
  size: number
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
  const queue: { code: string; gate: string }[] = []
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
      queue.push({ code, gate })
      return { result: 'VALID', at, gate }
    },
    size: tickets.size,
    remember(code, at, gate) {
      const parsed = parseTicketCode(code)
      if (parsed && !used.has(parsed.ticketId)) used.set(parsed.ticketId, { at, gate })
    },
    pending: () => [...queue],
    sent: (count) => {
      queue.splice(0, count)
    },
  }
}
