import type { OfflinePackage } from '@palco/domain/tickets/contract'
import {
  dynamicCode,
  sha256,
  signTicketBase,
  staticDefaultCode,
  type TicketCryptoKey,
  toBase64Url,
} from '@palco/domain/tickets/qr-code'
import { describe, expect, it } from 'vitest'
import { isLastingRefusal, openOfflineGate } from './offline-gate'

const EVENT = '11111111-1111-4111-8111-111111111111'
const T1 = '33333333-3333-4333-8333-333333333331'
const T2 = '33333333-3333-4333-8333-333333333332'
const PASS = '44444444-4444-4444-8444-444444444444'
const NOW = Date.UTC(2026, 10, 22, 20, 0, 5)
const secret = new Uint8Array(32).map((_, i) => i + 7)

async function keys() {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))
  return { privateKey: pair.privateKey as unknown as TicketCryptoKey, publicKey: toBase64Url(raw) }
}

const basePackage = (over: Partial<OfflinePackage>): OfflinePackage => ({
  eventId: EVENT,
  qrType: 'STATIC_DEFAULT',
  generatedAt: new Date(NOW).toISOString(),
  stepSeconds: 15,
  windowSteps: 1,
  publicKey: '',
  tickets: [],
  revoked: [],
  checkedIn: [],
  ...over,
})

describe('offline gate', () => {
  it('admits a static ticket once, knows earlier entries and superseded codes', async () => {
    const { publicKey } = await keys()
    const digest = toBase64Url(await sha256(secret))
    const gate = await openOfflineGate(
      basePackage({
        publicKey,
        tickets: [
          {
            ticketId: T1,
            eventId: EVENT,
            qrType: 'STATIC_DEFAULT',
            version: 2,
            secretDigest: digest,
            secret: null,
          },
          {
            ticketId: T2,
            eventId: EVENT,
            qrType: 'STATIC_DEFAULT',
            version: 1,
            secretDigest: digest,
            secret: null,
          },
        ],
        revoked: [{ ticketId: T1, validVersion: 2 }],
        checkedIn: [{ ticketId: T2, at: '2026-11-22T19:00:00.000Z', gate: 'Sur' }],
      }),
    )
    const fresh = staticDefaultCode({ ticketId: T1, version: 2 }, secret)
    expect((await gate.scan(fresh, 'Norte', NOW)).result).toBe('VALID')
    expect(await gate.scan(fresh, 'Oriente', NOW)).toMatchObject({ result: 'ALREADY_USED', gate: 'Norte' })
    expect(
      (await gate.scan(staticDefaultCode({ ticketId: T1, version: 1 }, secret), 'Norte', NOW)).result,
    ).toBe('INVALID')
    expect(
      await gate.scan(staticDefaultCode({ ticketId: T2, version: 1 }, secret), 'Norte', NOW),
    ).toMatchObject({
      result: 'ALREADY_USED',
      gate: 'Sur',
    })
    expect((await gate.scan('not a code', 'Norte', NOW)).result).toBe('INVALID')
    // Queued with the moment the gate admitted it, which is what the server records.
    expect(gate.pending()).toEqual([{ code: fresh, gate: 'Norte', scannedAt: new Date(NOW).toISOString() }])
  })

  it('sends pending entries oldest first, once each even when asked twice, keeping what has to wait', async () => {
    const digest = toBase64Url(await sha256(secret))
    const gate = await openOfflineGate(
      basePackage({
        tickets: [T1, T2].map((ticketId) => ({
          ticketId,
          eventId: EVENT,
          qrType: 'STATIC_DEFAULT' as const,
          version: 1,
          secretDigest: digest,
          secret: null,
        })),
      }),
    )
    const c1 = staticDefaultCode({ ticketId: T1, version: 1 }, secret)
    const c2 = staticDefaultCode({ ticketId: T2, version: 1 }, secret)
    const sent: string[] = []
    let network = false
    const send = async (e: { code: string; scannedAt: string }) => {
      await Promise.resolve()
      if (!network) return 'later' as const
      sent.push(`${e.code === c1 ? 'T1' : 'T2'}@${e.scannedAt}`)
      return 'sent' as const
    }
    // Nothing queued yet: nothing to send, and later calls still send.
    expect(await gate.flush(send)).toBe(0)
    await gate.scan(c1, 'Norte', NOW)
    await gate.scan(c2, 'Norte', NOW + 60_000)

    expect(await gate.flush(send)).toBe(2)
    expect(sent).toEqual([])
    network = true
    // The `online` event and the timer firing together: one pass over the queue.
    const [a, b] = await Promise.all([gate.flush(send), gate.flush(send)])
    expect([a, b]).toEqual([0, 0])
    expect(sent).toEqual([`T1@${new Date(NOW).toISOString()}`, `T2@${new Date(NOW + 60_000).toISOString()}`])
    expect(gate.pending()).toEqual([])
  })

  it.each([
    [400, true],
    [422, true],
    [404, true],
    [0, false],
    [401, false],
    [403, false],
    [429, false],
    [500, false],
    [503, false],
  ])('a refusal with status %i leaves the queue: %s', (status, leaves) => {
    expect(isLastingRefusal(status)).toBe(leaves)
  })

  it('checks rotating signed codes with the public key and the time window', async () => {
    const { privateKey, publicKey } = await keys()
    const ref = { ticketId: T1, eventId: EVENT, version: 1 }
    const material = {
      type: 'DYNAMIC_ENCRYPTED' as const,
      ticketId: T1,
      version: 1,
      secret: toBase64Url(secret),
      signedBase: await signTicketBase('DYNAMIC_ENCRYPTED', ref, privateKey),
      stepSeconds: 15,
    }
    const gate = await openOfflineGate(
      basePackage({
        qrType: 'DYNAMIC_ENCRYPTED',
        publicKey,
        tickets: [
          {
            ticketId: T1,
            eventId: EVENT,
            qrType: 'DYNAMIC_ENCRYPTED',
            version: 1,
            secretDigest: null,
            secret: toBase64Url(secret),
          },
        ],
      }),
    )
    expect((await gate.scan(await dynamicCode(material, NOW - 120_000), 'P1', NOW)).result).toBe('EXPIRED')
    expect((await gate.scan(await dynamicCode(material, NOW), 'P1', NOW)).result).toBe('VALID')
    expect((await gate.scan(await dynamicCode(material, NOW - 120_000), 'P1', NOW)).result).toBe(
      'ALREADY_USED',
    )
  })

  it('admits a season pass at an included event offline, once, with the code signed for the pass', async () => {
    // The pass is sold as its own product event and rotates a signed code naming it, as online.
    const { privateKey, publicKey } = await keys()
    const material = {
      type: 'DYNAMIC_ENCRYPTED' as const,
      ticketId: T1,
      version: 1,
      secret: toBase64Url(secret),
      signedBase: await signTicketBase(
        'DYNAMIC_ENCRYPTED',
        { ticketId: T1, eventId: PASS, version: 1 },
        privateKey,
      ),
      stepSeconds: 15,
    }
    const gate = await openOfflineGate(
      basePackage({
        // The match itself uses static codes; the pass keeps its own type.
        qrType: 'STATIC_DEFAULT',
        publicKey,
        tickets: [
          {
            ticketId: T1,
            eventId: PASS,
            qrType: 'DYNAMIC_ENCRYPTED',
            version: 1,
            secretDigest: null,
            secret: toBase64Url(secret),
          },
        ],
      }),
    )
    const code = await dynamicCode(material, NOW)
    expect((await gate.scan(code, 'Norte', NOW)).result).toBe('VALID')
    expect(await gate.scan(code, 'Sur', NOW)).toMatchObject({ result: 'ALREADY_USED', gate: 'Norte' })
  })
})
