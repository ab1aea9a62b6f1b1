import type { FastifyRequest } from 'fastify'

/**
 * What a request's log line says of its URL. Card data never reaches our server (DESIGN §9, PCI DSS SAQ-A):
 * the card fields carry no `name`, so no form can send them natively. This is the second line of defence:
 * a checkout or counter page (or its API) may still be reached with a query that a person typed, a bookmark
 * kept or an old form sent — contact details, a document number — so their query strings are never written
 * down, and on every other route a parameter named like a card field is masked.
 */
const PRIVATE_QUERY_PATHS = /^\/(?:api\/)?(?:checkout|assistant)(?:[/?-]|$)/
const CARD_PARAMETER = /^(?:number|card_?number|cardnumber|pan|cvv|cvc|cvv2|expiry|expiration|holder_?name)$/i
const REDACTED = '[redacted]'

export function redactedUrl(url: string): string {
  const at = url.indexOf('?')
  if (at < 0) return url
  const path = url.slice(0, at)
  if (PRIVATE_QUERY_PATHS.test(path)) return `${path}?${REDACTED}`
  const params = new URLSearchParams(url.slice(at + 1))
  let masked = false
  for (const key of new Set(params.keys()))
    if (CARD_PARAMETER.test(key)) {
      params.set(key, REDACTED)
      masked = true
    }
  return masked ? `${path}?${params.toString()}` : url
}

/** Fastify's own request serializer, with the URL redacted. */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactedUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }
  },
}
