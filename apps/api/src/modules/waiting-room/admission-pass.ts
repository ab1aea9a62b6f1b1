import { createHmac } from 'node:crypto'
import { PASS_MINUTES } from '@palco/domain/waiting-room/queue-rules'
import { jwtVerify, SignJWT } from 'jose'

/** What a pass says: the event, the account (subject) and the place it was given for (its id). */
export interface PassClaims {
  eventId: string
  userId: string
  placeId: string
}

const ISSUER = 'palco-waiting-room'

/**
 * Signed passes for admitted fans (issue 42 part 1): an HS256 JWT (`jose`) with the event (`evt`), the
 * account (`sub`), the place (`jti`) and an expiry ten minutes after the fan was first told it was their
 * turn. Checked with the key alone: no database read. The key is WAITING_ROOM_SECRET, or derived from the
 * auth secret every process already shares, so any process checks a pass any other one signed.
 */
export class PassSigner {
  readonly #key: Uint8Array

  constructor(secret: string) {
    this.#key = new Uint8Array(createHmac('sha256', secret).update('palco waiting-room pass v1').digest())
  }

  async sign(claims: PassClaims, admittedAt: Date): Promise<string> {
    return new SignJWT({ evt: claims.eventId })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setSubject(claims.userId)
      .setJti(claims.placeId)
      .setIssuedAt(Math.floor(admittedAt.getTime() / 1000))
      .setExpirationTime(passEndsAt(admittedAt))
      .sign(this.#key)
  }

  /** The claims of a genuine, unexpired pass, or null (forged, tampered, expired, malformed). */
  async verify(token: string, now: Date = new Date()): Promise<PassClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: now,
      })
      if (typeof payload.evt !== 'string' || !payload.sub || !payload.jti) return null
      return { eventId: payload.evt, userId: payload.sub, placeId: payload.jti }
    } catch {
      return null
    }
  }
}

export const passEndsAt = (admittedAt: Date) => new Date(admittedAt.getTime() + PASS_MINUTES * 60_000)
