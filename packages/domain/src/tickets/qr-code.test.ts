import { beforeAll, describe, expect, it } from 'vitest'
import type { QrType } from './qr.js'
import {
  type CodeVerdict,
  DYNAMIC_STEP_SECONDS,
  dynamicCode,
  fromBase64Url,
  type KnownTicket,
  msUntilNextStep,
  parseTicketCode,
  type QrMaterial,
  sha256,
  signTicketBase,
  staticDefaultCode,
  stepOf,
  toBase64Url,
  verifyTicketCode,
} from './qr-code.js'
import { runtime, type TicketCryptoKey, type TicketKeyPair } from './webcrypto.js'

const EVENT = '11111111-1111-4111-8111-111111111111'
const OTHER_EVENT = '22222222-2222-4222-8222-222222222222'
const TICKET = '33333333-3333-4333-8333-333333333333'
const NOW = Date.UTC(2026, 10, 22, 20, 0, 5)
const STEP_MS = DYNAMIC_STEP_SECONDS * 1000
const secret = new Uint8Array(32).map((_, i) => i + 1)
const otherSecret = new Uint8Array(32).map((_, i) => 200 - i)

const newKeyPair = async () =>
  (await runtime().crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify'])) as TicketKeyPair

let keys: TicketKeyPair
let otherKeys: TicketKeyPair
beforeAll(async () => {
  keys = await newKeyPair()
  otherKeys = await newKeyPair()
})

const known = async (type: QrType, over: Partial<KnownTicket> = {}): Promise<KnownTicket> => ({
  ticketId: TICKET,
  eventId: EVENT,
  version: 1,
  admits: new Set([EVENT]),
  qrType: type,
  secret,
  secretDigest: await sha256(secret),
  ...over,
})

async function codeFor(
  type: QrType,
  at: number,
  opts: { version?: number; signer?: TicketCryptoKey; eventId?: string } = {},
) {
  const ref = { ticketId: TICKET, eventId: opts.eventId ?? EVENT, version: opts.version ?? 1 }
  const signer = opts.signer ?? keys.privateKey
  if (type === 'STATIC_DEFAULT') return staticDefaultCode(ref, secret)
  if (type === 'STATIC_ENCRYPTED') return signTicketBase(type, ref, signer)
  const material: QrMaterial = {
    type,
    ticketId: TICKET,
    version: ref.version,
    secret: toBase64Url(secret),
    signedBase: type === 'DYNAMIC_ENCRYPTED' ? await signTicketBase(type, ref, signer) : null,
    stepSeconds: DYNAMIC_STEP_SECONDS,
  }
  return dynamicCode(material, at)
}

async function verdict(code: string, ticket: KnownTicket | null, eventId = EVENT, nowMs = NOW) {
  const parsed = parseTicketCode(code)
  if (!parsed) return 'UNPARSEABLE'
  return verifyTicketCode(parsed, ticket, { eventId, nowMs, publicKey: keys.publicKey })
}

describe('base64url', () => {
  it('round-trips bytes and refuses other alphabets', () => {
    expect(fromBase64Url(toBase64Url(secret))).toEqual(secret)
    expect(fromBase64Url('a+b/')).toBeNull()
  })
})

describe('rotation steps', () => {
  it('changes every step and counts down to the next', () => {
    expect(stepOf(NOW + STEP_MS) - stepOf(NOW)).toBe(1)
    expect(msUntilNextStep(Date.UTC(2026, 0, 1, 0, 0, 3))).toBe(12_000)
  })
})

const TYPES: QrType[] = ['STATIC_DEFAULT', 'STATIC_ENCRYPTED', 'DYNAMIC_DEFAULT', 'DYNAMIC_ENCRYPTED']

describe.each(TYPES)('%s', (type) => {
  const dynamic = type.startsWith('DYNAMIC')

  it('issues a code the gate accepts, for its event only', async () => {
    const code = await codeFor(type, NOW)
    expect(parseTicketCode(code)?.type).toBe(type)
    expect(await verdict(code, await known(type))).toBe('VALID')
    expect(await verdict(code, await known(type), OTHER_EVENT)).toBe('WRONG_EVENT')
  })

  it('refuses a superseded version (the ticket changed owner)', async () => {
    const code = await codeFor(type, NOW, { version: 1 })
    expect(await verdict(code, await known(type, { version: 2 }))).toBe('INVALID')
  })

  it('refuses a code of another QR type than the ticket has', async () => {
    const other = type === 'STATIC_DEFAULT' ? 'DYNAMIC_DEFAULT' : 'STATIC_DEFAULT'
    expect(await verdict(await codeFor(type, NOW), await known(other))).toBe('INVALID')
  })

  it.each<[string, number, CodeVerdict]>([
    ['one step early', -1, 'VALID'],
    ['one step late', 1, 'VALID'],
    ['two steps old', -2, dynamic ? 'EXPIRED' : 'VALID'],
    ['an hour old', -360, dynamic ? 'EXPIRED' : 'VALID'],
  ])('a code from %s', async (_name, steps, expected) => {
    const code = await codeFor(type, NOW + steps * STEP_MS)
    expect(await verdict(code, await known(type))).toBe(expected)
  })
})

describe('forgery', () => {
  it.each<[string, () => Promise<string>, QrType]>([
    [
      'static secret guessed',
      async () => staticDefaultCode({ ticketId: TICKET, version: 1 }, otherSecret),
      'STATIC_DEFAULT',
    ],
    [
      'signature by another key',
      () => codeFor('STATIC_ENCRYPTED', NOW, { signer: otherKeys.privateKey }),
      'STATIC_ENCRYPTED',
    ],
    [
      'signed base moved to another event',
      async () => (await codeFor('STATIC_ENCRYPTED', NOW)).replace(EVENT, OTHER_EVENT),
      'STATIC_ENCRYPTED',
    ],
    [
      'rotating code with a bumped step',
      async () => {
        const code = await codeFor('DYNAMIC_DEFAULT', NOW - 5 * STEP_MS)
        const f = code.split('.')
        f[3] = String(stepOf(NOW))
        return f.join('.')
      },
      'DYNAMIC_DEFAULT',
    ],
    [
      'rotating encrypted code with another key',
      () => codeFor('DYNAMIC_ENCRYPTED', NOW, { signer: otherKeys.privateKey }),
      'DYNAMIC_ENCRYPTED',
    ],
  ])('%s → INVALID', async (_name, make, type) => {
    expect(await verdict(await make(), await known(type))).toBe('INVALID')
  })

  it('an old forged dynamic code is INVALID, not EXPIRED', async () => {
    const code = await codeFor('DYNAMIC_DEFAULT', NOW - 100 * STEP_MS)
    const tampered = `${code.slice(0, -2)}AA`
    expect(await verdict(tampered, await known('DYNAMIC_DEFAULT'))).toBe('INVALID')
  })

  it('a genuine signed code of another event is WRONG_EVENT even when the gate does not know it', async () => {
    const code = await codeFor('STATIC_ENCRYPTED', NOW)
    expect(await verdict(code, null, OTHER_EVENT)).toBe('WRONG_EVENT')
    expect(await verdict(code, null, EVENT)).toBe('INVALID')
  })
})

// A season pass or bundle is sold as its own (product) event and admits to each event it includes.
const PASS = '44444444-4444-4444-8444-444444444444'
const MATCH_1 = '55555555-5555-4555-8555-555555555551'
const MATCH_2 = '55555555-5555-4555-8555-555555555552'

describe.each(TYPES)('multi-event ticket, %s', (type) => {
  const pass = () => known(type, { eventId: PASS, admits: new Set([MATCH_1, MATCH_2]) })

  it.each<[string, string, CodeVerdict]>([
    ['the first included event', MATCH_1, 'VALID'],
    ['the second included event', MATCH_2, 'VALID'],
    ['an event the product does not include', OTHER_EVENT, 'WRONG_EVENT'],
    ['the product itself (nobody enters a product)', PASS, 'WRONG_EVENT'],
  ])('at %s', async (_name, gateEvent, expected) => {
    const code = await codeFor(type, NOW, { eventId: PASS })
    expect(await verdict(code, await pass(), gateEvent)).toBe(expected)
  })

  it('refuses a superseded version at an included event', async () => {
    const code = await codeFor(type, NOW, { eventId: PASS })
    expect(await verdict(code, { ...(await pass()), version: 2 }, MATCH_1)).toBe('INVALID')
  })
})

it.each<QrType>(['STATIC_ENCRYPTED', 'DYNAMIC_ENCRYPTED'])(
  '%s: a pass code signed for an included event instead of the product is INVALID',
  async (type) => {
    // Genuinely signed, but not for the event the ticket was sold for: such a code was never issued.
    const code = await codeFor(type, NOW, { eventId: MATCH_1 })
    const ticket = await known(type, { eventId: PASS, admits: new Set([MATCH_1, MATCH_2]) })
    expect(await verdict(code, ticket, MATCH_1)).toBe('INVALID')
  },
)

describe('parseTicketCode', () => {
  it.each([
    '',
    'hello',
    'PS1.not-a-uuid.1.AAAA',
    `PS1.${TICKET}.x.AAAA`,
    `PS1.${TICKET}.1.AA+A`,
    `PE1.${EVENT}.${TICKET}.1`,
    `PD1.${TICKET}.1.12.mac.extra`,
    'x'.repeat(500),
  ])('%j is not a ticket code', (text) => {
    expect(parseTicketCode(text)).toBeNull()
  })
})
