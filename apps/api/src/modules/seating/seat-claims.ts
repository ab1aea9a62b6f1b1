import { DomainError } from '@palco/domain/errors/domain-error'

/**
 * Seats some request of this process is taking right now, keyed `eventId/seatKey`, with who asked. A
 * second request for one of them would only find it locked (NOWAIT) or taken, so it is refused at once,
 * before the session lookup or any SQL: in an on-sale rush the losers cost microseconds instead of a
 * transaction each (DESIGN §8 hot spot). The answer is the one NOWAIT gives: "someone is taking these
 * seats right now". Availability is public (GET /api/seats), so answering before authentication tells
 * nothing new. The same session asking again (a double click) is let through: the hold logic serialises
 * one fan's requests and keeps seats already in the hold.
 */
export class SeatClaims {
  private readonly owners = new Map<string, string>()

  /** Claims the seats for `who`; returns the keys to release later. Throws 409 when another holds one. */
  claim(eventId: string, seatKeys: readonly string[], who: string): string[] {
    const keys = [...new Set(seatKeys.map((k) => `${eventId}/${k}`))]
    const busy = keys.filter((k) => {
      const owner = this.owners.get(k)
      return owner !== undefined && owner !== who
    })
    if (busy.length > 0) {
      throw new DomainError('SEAT_UNAVAILABLE', {
        message: 'Someone is taking these seats right now.',
        details: { seats: busy.map((k) => k.slice(eventId.length + 1)) },
      })
    }
    const mine = keys.filter((k) => !this.owners.has(k))
    for (const k of mine) this.owners.set(k, who)
    return mine
  }

  release(keys: readonly string[]): void {
    for (const k of keys) this.owners.delete(k)
  }
}
