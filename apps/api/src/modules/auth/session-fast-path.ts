import { createHmac, timingSafeEqual } from 'node:crypto'

const COOKIE_NAMES = ['user_session', '__Secure-user_session']
/** Mirrors better-call's signed cookie: `<token>.<base64 HMAC-SHA256 of the token>`, URI-encoded. */
const SIGNATURE_LENGTH = 44

/**
 * The session token from a signed `user_session` cookie, checked with node:crypto exactly as the auth
 * library checks it (better-call `getSignedCookie`): null when absent, false when the signature is wrong.
 * The library does the same with a WebCrypto key import per call, which costs 1–3 ms of CPU on every
 * signed-in request (bench/holds/analysis.md); this costs microseconds.
 */
export function signedSessionToken(cookieHeader: string | undefined, secret: string): string | null | false {
  if (!cookieHeader) return null
  let raw: string | undefined
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    const name = part.slice(0, eq).trim()
    if (COOKIE_NAMES.includes(name)) raw = part.slice(eq + 1).trim()
  }
  if (!raw) return null
  let value: string
  try {
    value = decodeURIComponent(raw)
  } catch {
    return false
  }
  const dot = value.lastIndexOf('.')
  if (dot < 1) return false
  const token = value.slice(0, dot)
  const signature = value.slice(dot + 1)
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith('=')) return false
  const expected = createHmac('sha256', secret).update(token).digest()
  const given = Buffer.from(signature, 'base64')
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : false
}
