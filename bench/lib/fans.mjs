// @ts-check
// Signed-in fans without 500 scrypt logins: users and sessions are written straight into the auth tables
// (the library's own schema) and each cookie is signed the way better-call signs it:
//   encodeURIComponent(`${token}.${base64(HMAC-SHA256(AUTH_SECRET, token))}`)
// (node_modules/better-call/dist/crypto.mjs, signCookieValue). verifyFan() checks one against the server.
import { createHmac, randomBytes } from 'node:crypto'

/** better-auth prefixes the cookie with __Secure- when secure cookies are on (NODE_ENV=production). */
export const SESSION_COOKIE = '__Secure-user_session'

export function signedCookieValue(token, secret) {
  const signature = createHmac('sha256', secret).update(token).digest('base64')
  return encodeURIComponent(`${token}.${signature}`)
}

/** A per-fan loopback-free address for X-Forwarded-For (10.x.y.z), so the per-IP rate limit is per fan. */
export const ipOf = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

/**
 * Creates `count` verified fans (or accounts of another `role`, operators for the box office) with a 30-day
 * session each, in batches. Returns `{ userId, cookie, ip }[]` where cookie is the whole Cookie header value.
 */
export async function createFans(pool, count, secret, { prefix = 'fan', offset = 0, role = 'fan' } = {}) {
  const fans = []
  const BATCH = 5000
  for (let start = 0; start < count; start += BATCH) {
    const n = Math.min(BATCH, count - start)
    const emails = []
    const tokens = []
    for (let i = 0; i < n; i++) {
      emails.push(`bench-${prefix}-${offset + start + i}@bench.invalid`)
      tokens.push(randomBytes(24).toString('base64url'))
    }
    const { rows } = await pool.query(
      `with u as (
         insert into auth_users (name, email, "emailVerified", role, "createdAt", "updatedAt")
         select 'Bench Fan', e, true, $3, now(), now() from unnest($1::text[]) with ordinality as t(e, o)
         returning id, email
       ), s as (
         insert into auth_sessions ("expiresAt", token, "createdAt", "updatedAt", "userId")
         select now() + interval '30 days', t.tok, now(), now(), u.id
         from unnest($1::text[], $2::text[]) as t(e, tok) join u on u.email = t.e
         returning "userId", token
       )
       select s."userId" as user_id, s.token from s`,
      [emails, tokens, role],
    )
    const byToken = new Map(rows.map((r) => [r.token, r.user_id]))
    for (let i = 0; i < n; i++) {
      const token = /** @type {string} */ (tokens[i])
      fans.push({
        userId: byToken.get(token),
        cookie: `${SESSION_COOKIE}=${signedCookieValue(token, secret)}`,
        ip: ipOf(offset + start + i + 1),
      })
    }
  }
  if (fans.some((f) => !f.userId)) throw new Error('some fans were not created')
  return fans
}

/** The server must see this cookie as the fan's session (GET /api/auth/current-session). */
export async function verifyFan(base, fan) {
  const res = await fetch(`${base}/api/auth/current-session`, { headers: { cookie: fan.cookie } })
  const body = /** @type {any} */ (await res.json())
  if (res.status !== 200 || body?.session?.userId !== fan.userId || !body.session.roles?.includes('fan')) {
    throw new Error(`cookie not accepted by ${base}: ${res.status} ${JSON.stringify(body)}`)
  }
  return body.session
}
