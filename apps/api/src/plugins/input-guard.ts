import { DomainError } from '@palco/domain/errors/domain-error'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

// PostgreSQL refuses NUL in text and json, and a UTF-16 surrogate without its partner in json (the pg driver
// silently turns it into U+FFFD elsewhere). No person types either, so they are refused at the door rather
// than by each column. In `u` mode a well-formed pair is one code point, so \p{Cs} matches only lone halves.
const LONE_SURROGATE = /\p{Cs}/u

export const hasUnstorableText = (s: string): boolean => s.includes('\0') || LONE_SURROGATE.test(s)

// Enough to point at the culprits without echoing an attacker's megabyte of field names back.
const MAX_REPORTED = 10
const MAX_FIELD_NAME = 120

// Bytes (a raw body parsed as a Buffer) are not text; everything else parsed from a request is walked,
// whatever its prototype (query strings parse into objects of the parser's own empty class).
const isWalkable = (v: object): boolean => !ArrayBuffer.isView(v)

const join = (parent: string, key: string): string => (parent ? `${parent}.${key}` : key)

/**
 * Field paths (`contact.email`, `seats.0`) of every string, and every object key, that cannot be stored.
 * Walked with an explicit stack: a hostile body may nest far deeper than the call stack allows.
 */
export function unstorableFields(value: unknown, root: string): string[] {
  const found: string[] = []
  const stack: Array<[unknown, string]> = [[value, root]]
  while (stack.length > 0 && found.length < MAX_REPORTED) {
    const [v, path] = stack.pop() as [unknown, string]
    if (typeof v === 'string') {
      if (hasUnstorableText(v)) found.push(path)
    } else if (v !== null && typeof v === 'object' && isWalkable(v)) {
      for (const key of Object.keys(v)) {
        // A bad key is reported as its parent: the key itself is the text we will not repeat.
        if (hasUnstorableText(key)) found.push(path)
        else stack.push([(v as Record<string, unknown>)[key], join(path, key)])
      }
    }
  }
  return [...new Set(found.map((f) => (f || 'body').slice(0, MAX_FIELD_NAME)))]
}

function unstorableInRequest(request: FastifyRequest): string[] {
  return [
    ...unstorableFields(request.params, ''),
    ...unstorableFields(request.query, ''),
    ...unstorableFields(request.headers, ''),
    ...unstorableFields(request.body, ''),
  ]
}

/**
 * Every string an API route receives — path parameters, query, headers and body — is checked once here,
 * before the route's own validation, so no route can forget and no handler ever sees such text.
 * Pages are left to the server renderer, whose data comes through these same API routes.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.url?.startsWith('/api/')) return
    const fields = unstorableInRequest(request)
    if (fields.length === 0) return
    throw new DomainError('INVALID_CHARACTERS', {
      message: `Invalid characters (NUL or broken Unicode) in: ${fields.join(', ')}`,
      fields: Object.fromEntries(fields.map((f) => [f, 'INVALID_CHARACTERS'])),
    })
  })
})
