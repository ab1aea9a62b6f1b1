import type { FastifyReply, FastifyRequest } from 'fastify'

const isLoopback = (address: string | undefined) =>
  !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'))

/**
 * A client on this machine: the connection comes from a loopback address and no proxy in front forwarded it
 * (a proxy on the same host connects from loopback too, on behalf of anyone). The socket's own address is
 * read, never `request.ip`, which trusts forwarded headers when TRUST_PROXY is set.
 */
export function isLocalClient(request: FastifyRequest): boolean {
  const h = request.headers
  if (h['x-forwarded-for'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined)
    return false
  return isLoopback(request.socket.remoteAddress)
}

/**
 * An `onRequest` hook for development-only routes (issue 40): they fail safe, so a deployment that forgot
 * NODE_ENV=production still answers nobody else, as if the route did not exist.
 */
export function localClientsOnly(anyClient: boolean) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!anyClient && !isLocalClient(request)) return reply.callNotFound()
  }
}
