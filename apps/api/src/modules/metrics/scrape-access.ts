import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { isLocalClient } from '../../plugins/local-client.js'

// Digests of equal length, so the comparison takes the same time whatever was sent.
const digest = (text: string) => createHash('sha256').update(text).digest()
const BEARER = /^Bearer\s+(\S+)\s*$/i

/**
 * Who may read `/metrics` (DESIGN §9; docs/decisions.md, Platform): the figures say how loaded the site is
 * and which routes fail, which is nobody's business on the fans' hosts. With METRICS_TOKEN set, whoever
 * sends it as a bearer token and nobody else, on this machine or not (a proxy on this host connects from
 * loopback too, and may not say so); without it, clients on this machine only, as the dev outbox. Anyone
 * else gets the 404 of a route that does not exist.
 */
export function scrapersOnly(token: string | undefined) {
  const expected = token === undefined ? undefined : digest(token)
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!mayScrape(request, expected)) return reply.callNotFound()
  }
}

function mayScrape(request: FastifyRequest, expected: Buffer | undefined): boolean {
  if (expected === undefined) return isLocalClient(request)
  const sent = BEARER.exec(request.headers.authorization ?? '')?.[1]
  return sent !== undefined && timingSafeEqual(digest(sent), expected)
}
