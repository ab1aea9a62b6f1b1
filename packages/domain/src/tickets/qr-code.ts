import type { QrType } from './qr.js'
import { runtime, type Subtle, type TicketCryptoKey } from './webcrypto.js'

export type { TicketCryptoKey } from './webcrypto.js'

/**
 * Ticket QR payloads (issue 7). Pure: WebCrypto (`globalThis.crypto.subtle`) only, so the same code runs in
 * Node 20 (the API), the fan's browser (drawing rotating codes) and a gate device (verifying offline). Time
 * is passed in as epoch milliseconds.
 *
 * Every code is ASCII text, fields joined by ".", UUIDs in their usual form, binary in base64url without
 * padding. `v` is the ticket's secret version: it goes up when the ticket changes owner, so an old code
 * (and an old signature) no longer matches.
 *
 *   STATIC_DEFAULT     PS1.<ticketId>.<v>.<secret>
 *                      the ticket's 32-byte random secret itself; opaque, unguessable. A gate online
 *                      compares it with the stored one; offline it compares SHA-256(secret) with the digest
 *                      in the offline package (the package never holds static secrets).
 *   STATIC_ENCRYPTED   PE1.<eventId>.<ticketId>.<v>.<sig>
 *                      sig = Ed25519(private key, "PE1.<eventId>.<ticketId>.<v>"); verified with the public
 *                      key alone, no secret needed, so it cannot be forged from a ticket id.
 *   DYNAMIC_DEFAULT    PD1.<ticketId>.<v>.<step>.<mac>
 *                      step = floor(time / 15 s); mac = first 16 bytes of
 *                      HMAC-SHA256(secret, "PD1.<ticketId>.<v>.<step>"). Accepted for step within ±1 of the
 *                      gate's clock (a screenshot dies within 15–30 s); the phone draws a new code each step.
 *   DYNAMIC_ENCRYPTED  PX1.<eventId>.<ticketId>.<v>.<sig>.<step>.<mac>
 *                      sig as for PE1 over "PX1.<eventId>.<ticketId>.<v>" (the server signs it once and hands
 *                      it to the phone); mac as for PD1 but over "PX1.<eventId>.<ticketId>.<v>.<step>".
 *                      Both must hold: a signed, rotating code.
 *
 * Verification answers VALID, INVALID (malformed, forged, superseded, unknown), EXPIRED (a genuine dynamic
 * code from outside the ±1 step window) or WRONG_EVENT (a genuine code of a ticket that does not admit to
 * this gate's event; a season pass or bundle admits to each event it includes).
 */

export const DYNAMIC_STEP_SECONDS = 15
export const DYNAMIC_WINDOW_STEPS = 1
const MAC_BYTES = 16

const PREFIX: Readonly<Record<QrType, string>> = {
  STATIC_DEFAULT: 'PS1',
  STATIC_ENCRYPTED: 'PE1',
  DYNAMIC_DEFAULT: 'PD1',
  DYNAMIC_ENCRYPTED: 'PX1',
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const B64U = /^[A-Za-z0-9_-]+$/
const INT = /^(0|[1-9][0-9]{0,11})$/

// --- base64url, no padding (btoa/atob exist in Node 20 and every browser) ---------------------------------

export function toBase64Url(bytes: Uint8Array): string {
  let bin = ''
  for (const b of bytes) bin += String.fromCharCode(b)
  return runtime().btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function fromBase64Url(text: string): Uint8Array | null {
  if (!B64U.test(text)) return null
  try {
    const bin = runtime().atob(text.replace(/-/g, '+').replace(/_/g, '/'))
    const out = new Uint8Array(bin.length)
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i)
    return out
  } catch {
    return null
  }
}

const utf8 = (text: string): Uint8Array<ArrayBuffer> => new (runtime().TextEncoder)().encode(text)
const subtle = (): Subtle => runtime().crypto.subtle
const buf = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes)

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0)
  return diff === 0
}

// --- primitives -----------------------------------------------------------------------------------------

export const stepOf = (nowMs: number, stepSeconds = DYNAMIC_STEP_SECONDS): number =>
  Math.floor(nowMs / 1000 / stepSeconds)

/** Milliseconds until the code drawn now changes (the fan's countdown). */
export const msUntilNextStep = (nowMs: number, stepSeconds = DYNAMIC_STEP_SECONDS): number =>
  (stepOf(nowMs, stepSeconds) + 1) * stepSeconds * 1000 - nowMs

export async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await subtle().digest('SHA-256', buf(bytes)))
}

async function hmac(secret: Uint8Array, message: string): Promise<Uint8Array> {
  const key = await subtle().importKey('raw', buf(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return new Uint8Array(await subtle().sign('HMAC', key, utf8(message))).slice(0, MAC_BYTES)
}

export async function importSigningKey(pkcs8: Uint8Array): Promise<TicketCryptoKey> {
  return subtle().importKey('pkcs8', buf(pkcs8), { name: 'Ed25519' }, false, ['sign'])
}

export async function importVerifyKey(publicRaw: Uint8Array): Promise<TicketCryptoKey> {
  return subtle().importKey('raw', buf(publicRaw), { name: 'Ed25519' }, false, ['verify'])
}

async function ed25519Verify(publicKey: TicketCryptoKey, sig: Uint8Array, message: string): Promise<boolean> {
  try {
    return await subtle().verify({ name: 'Ed25519' }, publicKey, buf(sig), utf8(message))
  } catch {
    return false
  }
}

// --- issuing (server and phone) -------------------------------------------------------------------------

export type TicketRef = { ticketId: string; eventId: string; version: number }

/** The part of an encrypted code the server signs: `PE1.<eventId>.<ticketId>.<v>` / `PX1.…`. */
export const signedBaseOf = (type: 'STATIC_ENCRYPTED' | 'DYNAMIC_ENCRYPTED', t: TicketRef): string =>
  `${PREFIX[type]}.${t.eventId}.${t.ticketId}.${t.version}`

/** Server side: signs the base of an encrypted code with the private Ed25519 key; returns `<base>.<sig>`. */
export async function signTicketBase(
  type: 'STATIC_ENCRYPTED' | 'DYNAMIC_ENCRYPTED',
  t: TicketRef,
  privateKey: TicketCryptoKey,
): Promise<string> {
  const base = signedBaseOf(type, t)
  const sig = new Uint8Array(await subtle().sign({ name: 'Ed25519' }, privateKey, utf8(base)))
  return `${base}.${toBase64Url(sig)}`
}

/**
 * What a phone needs to draw a ticket's code (GET /api/tickets/:id gives it to the owner only):
 * static types get the final code; dynamic types get the secret (and, when encrypted, the signed base)
 * and compute the code of the current step with `dynamicCode`.
 */
export type QrMaterial =
  | { type: 'STATIC_DEFAULT' | 'STATIC_ENCRYPTED'; code: string }
  | {
      type: 'DYNAMIC_DEFAULT' | 'DYNAMIC_ENCRYPTED'
      ticketId: string
      version: number
      secret: string
      signedBase: string | null
      stepSeconds: number
    }

export const staticDefaultCode = (t: Omit<TicketRef, 'eventId'>, secret: Uint8Array): string =>
  `${PREFIX.STATIC_DEFAULT}.${t.ticketId}.${t.version}.${toBase64Url(secret)}`

/** The code of the step that contains `nowMs`, for a dynamic ticket. */
export async function dynamicCode(
  material: Extract<QrMaterial, { type: 'DYNAMIC_DEFAULT' | 'DYNAMIC_ENCRYPTED' }>,
  nowMs: number,
): Promise<string> {
  const secret = fromBase64Url(material.secret)
  if (!secret) throw new Error('bad ticket secret')
  const step = stepOf(nowMs, material.stepSeconds)
  if (material.type === 'DYNAMIC_DEFAULT') {
    const body = `${PREFIX.DYNAMIC_DEFAULT}.${material.ticketId}.${material.version}.${step}`
    return `${body}.${toBase64Url(await hmac(secret, body))}`
  }
  if (!material.signedBase) throw new Error('missing signed base')
  const base = material.signedBase.slice(0, material.signedBase.lastIndexOf('.'))
  const mac = await hmac(secret, `${base}.${step}`)
  return `${material.signedBase}.${step}.${toBase64Url(mac)}`
}

// --- reading and verifying (gate, online or offline) ----------------------------------------------------

export type ParsedCode = {
  type: QrType
  ticketId: string
  version: number
  /** Only encrypted codes carry their event (signed); for the others it comes from the ticket. */
  eventId: string | null
  secret?: Uint8Array
  sig?: Uint8Array
  signedText?: string
  step?: number
  mac?: Uint8Array
  macText?: string
}

/** Splits a scanned text into its fields, or null when it is not one of our codes. */
export function parseTicketCode(raw: string): ParsedCode | null {
  const text = raw.trim()
  if (text.length > 400) return null
  const f = text.split('.')
  const [prefix] = f
  const version = (s: string | undefined): number | null => (s && INT.test(s) ? Number(s) : null)
  const uuid = (s: string | undefined): string | null =>
    s && UUID.test(s.toLowerCase()) ? s.toLowerCase() : null
  if (prefix === PREFIX.STATIC_DEFAULT && f.length === 4) {
    const ticketId = uuid(f[1])
    const v = version(f[2])
    const secret = fromBase64Url(f[3] ?? '')
    if (!ticketId || v === null || !secret) return null
    return { type: 'STATIC_DEFAULT', ticketId, version: v, eventId: null, secret }
  }
  if (prefix === PREFIX.STATIC_ENCRYPTED && f.length === 5) {
    const eventId = uuid(f[1])
    const ticketId = uuid(f[2])
    const v = version(f[3])
    const sig = fromBase64Url(f[4] ?? '')
    if (!eventId || !ticketId || v === null || !sig) return null
    return {
      type: 'STATIC_ENCRYPTED',
      ticketId,
      version: v,
      eventId,
      sig,
      signedText: f.slice(0, 4).join('.'),
    }
  }
  if (prefix === PREFIX.DYNAMIC_DEFAULT && f.length === 5) {
    const ticketId = uuid(f[1])
    const v = version(f[2])
    const step = version(f[3])
    const mac = fromBase64Url(f[4] ?? '')
    if (!ticketId || v === null || step === null || !mac) return null
    return {
      type: 'DYNAMIC_DEFAULT',
      ticketId,
      version: v,
      eventId: null,
      step,
      mac,
      macText: f.slice(0, 4).join('.'),
    }
  }
  if (prefix === PREFIX.DYNAMIC_ENCRYPTED && f.length === 7) {
    const eventId = uuid(f[1])
    const ticketId = uuid(f[2])
    const v = version(f[3])
    const sig = fromBase64Url(f[4] ?? '')
    const step = version(f[5])
    const mac = fromBase64Url(f[6] ?? '')
    if (!eventId || !ticketId || v === null || !sig || step === null || !mac) return null
    return {
      type: 'DYNAMIC_ENCRYPTED',
      ticketId,
      version: v,
      eventId,
      sig,
      signedText: f.slice(0, 4).join('.'),
      step,
      mac,
      macText: `${f.slice(0, 4).join('.')}.${step}`,
    }
  }
  return null
}

export const CODE_VERDICTS = ['VALID', 'INVALID', 'EXPIRED', 'WRONG_EVENT'] as const
export type CodeVerdict = (typeof CODE_VERDICTS)[number]

/** What the gate knows about the ticket a code names (from the database, or from the offline package). */
export type KnownTicket = {
  ticketId: string
  /** The event the ticket was sold for: a product (season pass, bundle) for a multi-event ticket. */
  eventId: string
  /**
   * The events the ticket gets into: its own event, or every event a season pass or bundle includes (the
   * product itself is not an event anyone enters). Encrypted codes name `eventId`, so this set is what
   * lets one signed code open several gates.
   */
  admits: ReadonlySet<string>
  version: number
  qrType: QrType
  /** Dynamic types: the per-ticket HMAC secret. */
  secret?: Uint8Array
  /** STATIC_DEFAULT: SHA-256 of the secret. */
  secretDigest?: Uint8Array
}

export type VerifyContext = {
  /** The event this gate admits to. */
  eventId: string
  nowMs: number
  /** Ed25519 public key (for the encrypted types). */
  publicKey: TicketCryptoKey | null
  stepSeconds?: number
  windowSteps?: number
}

/**
 * Checks a parsed code against what the gate knows. Forgery is checked before the window, so a forged code
 * is INVALID even when its step is old, and a genuine code of another event is WRONG_EVENT only once it has
 * proven genuine.
 */
export async function verifyTicketCode(
  code: ParsedCode,
  ticket: KnownTicket | null,
  ctx: VerifyContext,
): Promise<CodeVerdict> {
  // Encrypted codes prove themselves first: a good signature for another event is WRONG_EVENT even when
  // this gate does not know the ticket.
  if (code.type === 'STATIC_ENCRYPTED' || code.type === 'DYNAMIC_ENCRYPTED') {
    if (!ctx.publicKey || !code.sig || !code.signedText) return 'INVALID'
    if (!(await ed25519Verify(ctx.publicKey, code.sig, code.signedText))) return 'INVALID'
  }
  if (!ticket || ticket.ticketId !== code.ticketId) {
    return code.eventId && code.eventId !== ctx.eventId ? 'WRONG_EVENT' : 'INVALID'
  }
  if (ticket.qrType !== code.type) return 'INVALID'
  if (code.eventId && code.eventId !== ticket.eventId) return 'INVALID'
  // A superseded code (the ticket changed owner) is refused, never "wrong event".
  if (code.version !== ticket.version) return 'INVALID'
  if (code.type === 'STATIC_DEFAULT') {
    if (!code.secret || !ticket.secretDigest) return 'INVALID'
    if (!equalBytes(await sha256(code.secret), ticket.secretDigest)) return 'INVALID'
  }
  if (code.type === 'DYNAMIC_DEFAULT' || code.type === 'DYNAMIC_ENCRYPTED') {
    if (!ticket.secret || !code.mac || !code.macText || code.step === undefined) return 'INVALID'
    if (!equalBytes(await hmac(ticket.secret, code.macText), code.mac)) return 'INVALID'
    const now = stepOf(ctx.nowMs, ctx.stepSeconds ?? DYNAMIC_STEP_SECONDS)
    if (Math.abs(code.step - now) > (ctx.windowSteps ?? DYNAMIC_WINDOW_STEPS)) return 'EXPIRED'
  }
  if (!ticket.admits.has(ctx.eventId)) return 'WRONG_EVENT'
  return 'VALID'
}
