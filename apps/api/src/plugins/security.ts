import { randomBytes } from 'node:crypto'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import { DomainError } from '@palco/domain/errors/domain-error'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyReply {
    scriptNonce: string
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export function contentSecurityPolicy(nonce: string, connectSources: readonly string[] = []): string {
  // strict-dynamic lets the nonce'd tag-manager/analytics loaders add their own scripts (spec §1).
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' https:`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...connectSources].join(' '),
    'frame-src https:',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * Security headers, a per-response CSP nonce for the server-rendered pages, the Origin check on
 * state-changing requests (DESIGN §9) and the rate limiter, off by default so each route opts in.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { connectSources?: readonly string[] }) => {
    const connect = opts.connectSources ?? []
    await app.register(helmet, {
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: app.log.level !== 'silent' && process.env.NODE_ENV === 'production',
      // no-referrer would make browsers send `Origin: null` on our own form posts, which the check below refuses.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    })
    app.decorateReply('scriptNonce', '')
    app.addHook('onRequest', async (request, reply) => {
      // Only pages carry scripts; API answers skip the random bytes (a measurable cost at catalogue load).
      if (!request.url.startsWith('/api/')) reply.scriptNonce = randomBytes(16).toString('base64')
      if (STATE_CHANGING.has(request.method)) {
        const origin = request.headers.origin
        // Browsers always send Origin on cross-site writes; a mismatch is a forged request.
        if (origin && origin !== 'null') {
          let parsed: URL
          try {
            parsed = new URL(origin)
          } catch {
            throw new DomainError('FORBIDDEN', { message: 'Cross-site request refused.' })
          }
          // An origin is scheme and host: a page on http:// posting to our https:// site is another site, and
          // one an attacker on the network can write. `protocol` follows X-Forwarded-Proto behind a trusted proxy.
          if (parsed.protocol !== `${request.protocol}:` || parsed.host !== request.host) {
            throw new DomainError('FORBIDDEN', { message: 'Cross-site request refused.' })
          }
        } else if (origin === 'null' && request.headers['sec-fetch-site'] !== 'same-origin') {
          throw new DomainError('FORBIDDEN', { message: 'Cross-site request refused.' })
        }
      }
    })
    app.addHook('onSend', async (_request, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '')
      if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
        reply.header('content-security-policy', contentSecurityPolicy(reply.scriptNonce, connect))
      }
      return payload
    })
    await app.register(rateLimit, { global: false, max: 100, timeWindow: '1 minute' })
  },
)
