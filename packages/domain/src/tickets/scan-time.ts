/**
 * When an entry happened, for a gate that scanned it while offline and sends it later (issue 13). The gate's
 * own clock is trusted within bounds: an entry is recorded at the moment the fan walked in, not when the
 * network came back, but a device cannot date an entry in the future or back-date it by more than a day
 * (no gate stays offline that long, and older entries would rewrite an event's history).
 */

/** How far back a queued entry may be dated: a gate offline for a whole event day still syncs. */
export const MAX_QUEUED_SCAN_AGE_MS = 24 * 3_600_000
/**
 * Gate devices' clocks drift; an entry up to this far ahead of the server is recorded at the server's
 * time rather than refused (refusing would lose a real entry over a clock a few seconds fast).
 */
export const SCAN_CLOCK_SKEW_MS = 2 * 60_000

export type ScanTime = { ok: true; atMs: number } | { ok: false; reason: 'IN_FUTURE' | 'TOO_OLD' }

/** The time to record for an entry the gate says it scanned at `scannedAtMs`, judged at `nowMs`. */
export function acceptScanTime(scannedAtMs: number, nowMs: number): ScanTime {
  if (!Number.isFinite(scannedAtMs)) return { ok: false, reason: 'TOO_OLD' }
  if (scannedAtMs > nowMs + SCAN_CLOCK_SKEW_MS) return { ok: false, reason: 'IN_FUTURE' }
  if (scannedAtMs < nowMs - MAX_QUEUED_SCAN_AGE_MS) return { ok: false, reason: 'TOO_OLD' }
  return { ok: true, atMs: Math.min(scannedAtMs, nowMs) }
}
