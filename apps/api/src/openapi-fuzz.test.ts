import { randomUUID } from 'node:crypto'
import { httpStatusOf, isErrorCode } from '@palco/domain/errors/domain-error'
import { seededRandom } from '@palco/domain/random/seeded'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seatedEvent } from './test/seating-fixtures.js'
import { loginAs } from './test/session.js'
import { openTestApp, type TestApp } from './test/test-app.js'
import { ENGINES } from './test/test-db.js'

/**
 * Every operation of the published OpenAPI document, fed hostile variants of a plausible request: wrong
 * types, NUL bytes, lone surrogates, huge strings, deep nesting, malformed percent-encoding, no body. Whatever
 * a client sends, the answer is never a 5xx, and a refusal is always problem JSON (DESIGN §6). It runs as a
 * visitor and signed in, so handlers behind the role checks see the input too.
 */

type Schema = {
  type?: string | string[]
  format?: string
  enum?: unknown[]
  const?: unknown
  default?: unknown
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  oneOf?: Schema[]
  anyOf?: Schema[]
  allOf?: Schema[]
  minLength?: number
  minimum?: number
  minItems?: number
  pattern?: string
}
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: Schema }
type Operation = {
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, { schema?: Schema }> }
}
type OpenApi = { paths: Record<string, Record<string, Operation>> }

// Deterministic, so a failure found once is found again; FUZZ_SEED explores other inputs by hand.
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_501)

type Rng = () => number
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T

const NUL = 'pal\u0000co'
const LONE_HIGH = 'pal\ud800co'
const LONE_LOW = '\udc00palco'
const HUGE = 'x'.repeat(300_000)
const DEPTH = 20_000

const deepObject = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
const deepArray = (depth: number): string => `${'['.repeat(depth)}1${']'.repeat(depth)}`

// What most string fields of this API accept, by the field's name where the schema has no format.
const BY_NAME: Array<[RegExp, string]> = [
  [/email/i, 'fuzz@example.co'],
  [/password/i, 'Boleta#2026'],
  [/phonePrefix/, '+57'],
  [/phone/i, '3001234567'],
  [/^code$/, '123456'],
  [/date/i, '1990-01-01'],
  [/documentNumber/, '12345678'],
  [/slug|category|sport/, 'palco'],
  [/timeZone/, 'America/Bogota'],
  [/seats/, 'NORTE/B-2'],
]

/** Text that would satisfy the rules of most string fields, so the other fields reach the handler. */
function plausibleString(s: Schema, name: string, ids: readonly string[], rng: Rng): string {
  if (s.format === 'uuid') return ids.length > 0 && rng() < 0.8 ? pick(rng, ids) : randomUUID()
  if (s.format === 'email') return 'fuzz@example.co'
  if (s.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString()
  if (s.format === 'date') return '1990-01-01'
  if (s.pattern?.includes('\\+\\d')) return '+573001234567'
  const named = BY_NAME.find(([re]) => re.test(name))
  if (named) return named[1]
  return 'Palco'.padEnd(s.minLength ?? 0, 'x')
}

function plausible(s: Schema | undefined, ids: readonly string[], rng: Rng, name = '', depth = 0): unknown {
  if (!s || depth > 8) return 'Palco'
  if (s.const !== undefined) return s.const
  if (s.enum && s.enum.length > 0) return pick(rng, s.enum)
  const choices = s.oneOf ?? s.anyOf
  if (choices && choices.length > 0) return plausible(pick(rng, choices), ids, rng, name, depth + 1)
  if (s.allOf) return Object.assign({}, ...s.allOf.map((x) => plausible(x, ids, rng, name, depth + 1)))
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type
  switch (type) {
    case 'string':
      return plausibleString(s, name, ids, rng)
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' && s.minimum > 1 ? s.minimum : 1
    case 'boolean':
      return true
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () =>
        plausible(s.items, ids, rng, name, depth + 1),
      )
    case 'object':
    case undefined: {
      if (!s.properties) return type === 'object' ? {} : 'Palco'
      return Object.fromEntries(
        Object.entries(s.properties).map(([k, v]) => [k, plausible(v, ids, rng, k, depth + 1)]),
      )
    }
    default:
      return null
  }
}

/** Paths of the leaves (strings, numbers, booleans, nulls) of a plausible body. */
function leavesOf(value: unknown, path: string[] = []): string[][] {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => leavesOf(v, [...path, k]))
  }
  return [path]
}

function withLeaf(value: unknown, path: string[], leaf: unknown): unknown {
  if (path.length === 0) return leaf
  const [head, ...rest] = path as [string, ...string[]]
  const copy: Record<string, unknown> = Array.isArray(value)
    ? ([...value] as never)
    : { ...(value as object) }
  copy[head] = withLeaf(copy[head], rest, leaf)
  return copy
}

function mapStrings(value: unknown, f: (s: string) => string): unknown {
  if (typeof value === 'string') return f(value)
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, f))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, f)]))
  }
  return value
}

// Strings a hostile client can put in a path segment or a query value, as they appear on the wire.
const RAW_HOSTILE = [
  '%00',
  'a%00b',
  '%E0%A4%A', // truncated UTF-8
  '%ED%A0%80', // a UTF-16 surrogate encoded as UTF-8: not valid UTF-8
  '%C0%AF', // overlong encoding
  '%FF',
  '%',
  '%zz',
  '%2e%2e%2f%2e%2e',
  'x'.repeat(500),
  '%F0%9F%8E%AB',
  '-1',
  '1e309',
  'NaN',
  'null',
  '%20',
]

type Variant = { label: string; options: InjectOptions }

const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete'])

function variantsOf(
  method: string,
  path: string,
  op: Operation,
  ids: readonly string[],
  rng: Rng,
): Variant[] {
  const params = op.parameters ?? []
  const pathParams = params.filter((p) => p.in === 'path')
  const queryParams = params.filter((p) => p.in === 'query')
  const jsonBody = op.requestBody?.content?.['application/json']?.schema
  const sendsBody = STATE_CHANGING.has(method)

  const pathValues = Object.fromEntries(
    pathParams.map((p) => [p.name, encodeURIComponent(String(plausible(p.schema, ids, rng, p.name)))]),
  )
  const queryValues = Object.fromEntries(
    queryParams
      .filter((p) => p.required || rng() < 0.5)
      .map((p) => [p.name, encodeURIComponent(String(plausible(p.schema, ids, rng, p.name)))]),
  )
  const body = jsonBody ? plausible(jsonBody, ids, rng) : sendsBody ? { palco: 'Palco' } : undefined

  const urlOf = (pv: Record<string, string>, qv: Record<string, string>) => {
    const p = path.replace(/\{(\w+)\}/g, (_, name: string) => pv[name] ?? 'x')
    const q = Object.entries(qv)
      .map(([k, v]) => `${k}=${v}`)
      .join('&')
    return q ? `${p}?${q}` : p
  }
  const request = (label: string, over: Partial<InjectOptions> & { rawBody?: string } = {}): Variant => {
    const { rawBody, ...rest } = over
    const options: InjectOptions = {
      method: method.toUpperCase() as 'GET',
      url: urlOf(pathValues, queryValues),
      ...rest,
    }
    if (rawBody !== undefined) {
      options.payload = rawBody
      options.headers = { 'content-type': 'application/json', ...(rest.headers as object) }
    } else if (!('payload' in over) && body !== undefined && sendsBody) {
      options.payload = body as never
    }
    return { label, options }
  }

  const out: Variant[] = [request('plausible')]

  for (const p of pathParams) {
    for (const raw of RAW_HOSTILE) {
      out.push(
        request(`path ${p.name}=${raw.slice(0, 20)}`, {
          url: urlOf({ ...pathValues, [p.name]: raw }, queryValues),
        }),
      )
    }
  }
  for (const p of queryParams) {
    for (const raw of [...RAW_HOSTILE, 'x'.repeat(20_000)]) {
      out.push(
        request(`query ${p.name}=${raw.slice(0, 20)}`, {
          url: urlOf(pathValues, { ...queryValues, [p.name]: raw }),
        }),
      )
    }
    out.push(
      request(`query ${p.name} twice`, {
        url: `${urlOf(pathValues, queryValues)}${Object.keys(queryValues).length > 0 ? '&' : '?'}${p.name}=a&${p.name}=b`,
      }),
    )
  }
  out.push(
    request('unknown query with NUL', {
      url: `${urlOf(pathValues, queryValues)}${Object.keys(queryValues).length > 0 ? '&' : '?'}x%00y=a%00b`,
    }),
  )
  out.push(request('header with NUL', { headers: { 'x-palco-fuzz': NUL, 'idempotency-key': NUL } }))
  out.push(
    request('hostile request id', { headers: { 'x-request-id': `${'a'.repeat(5000)}\r\nlevel=fatal` } }),
  )

  if (sendsBody) {
    out.push(request('no body', { payload: undefined as never }))
    out.push(request('empty JSON body', { rawBody: '' }))
    out.push(request('JSON null', { rawBody: 'null' }))
    out.push(request('JSON array', { rawBody: '[]' }))
    out.push(request('JSON string', { rawBody: '"palco"' }))
    out.push(request('JSON number', { rawBody: '42' }))
    out.push(request('broken JSON', { rawBody: '{"a":' }))
    out.push(request('deep object', { rawBody: deepObject(DEPTH) }))
    out.push(request('deep array', { rawBody: deepArray(DEPTH) }))
    out.push(
      request('proto pollution', { rawBody: '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}' }),
    )
    out.push(request('text body', { payload: 'palco', headers: { 'content-type': 'text/plain' } }))
    out.push(request('NUL key', { payload: { ...(body as object), 'a\u0000b': 1 } }))
    if (body !== null && typeof body === 'object') {
      // Inside an otherwise valid value (`f\0uzz@example.co` is still an email), so the schema lets it by.
      const inside = (bad: string) => (s: string) => `${s.slice(0, 1)}${bad}${s.slice(1)}`
      out.push(request('NUL inside every string', { payload: mapStrings(body, inside('\u0000')) as never }))
      out.push(
        request('lone surrogate inside every string', {
          payload: mapStrings(body, inside('\ud800')) as never,
        }),
      )
      out.push(request('every string NUL', { payload: mapStrings(body, (s) => s + NUL) as never }))
      out.push(
        request('every string lone high surrogate', { payload: mapStrings(body, () => LONE_HIGH) as never }),
      )
      out.push(
        request('every string lone low surrogate', { payload: mapStrings(body, () => LONE_LOW) as never }),
      )
      out.push(request('every string huge', { payload: mapStrings(body, () => HUGE) as never }))
      const leaves = leavesOf(body).filter((l) => l.length > 0)
      for (const leaf of leaves) {
        const name = leaf.join('.')
        const current = leaf.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], body)
        if (typeof current === 'string') {
          for (const [kind, bad] of [
            ['NUL inside', '\u0000'],
            ['lone surrogate inside', '\ud800'],
          ]) {
            out.push(
              request(`body ${name} ${kind}`, {
                payload: withLeaf(body, leaf, inside(bad as string)(current)) as never,
              }),
            )
          }
        }
        const wrong: Array<[string, unknown]> = [
          ['NUL', NUL],
          ['lone surrogate', LONE_HIGH],
          ['huge', HUGE],
          ['number', 1e308],
          ['negative', -1],
          ['string', 'palco'],
          ['bool', false],
          ['null', null],
          ['object', { a: NUL }],
          ['array', [NUL, 1, null]],
          ['deep', JSON.parse(deepArray(2_000))],
        ]
        // Every leaf gets a few of them, chosen by the seed, to keep the run short.
        for (const [kind, value] of wrong.filter(() => rng() < 0.4)) {
          out.push(request(`body ${name} ${kind}`, { payload: withLeaf(body, leaf, value) as never }))
        }
      }
    }
  }
  return out
}

function problemFailure(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`
  if (res.statusCode < 400) return undefined
  const type = String(res.headers['content-type'] ?? '')
  if (!type.startsWith('application/problem+json'))
    return `answered ${res.statusCode} as ${type || 'no type'}`
  let body: Record<string, unknown>
  try {
    body = res.json()
  } catch {
    return `answered ${res.statusCode} with a body that is not JSON`
  }
  for (const member of ['type', 'title', 'status', 'code', 'detail']) {
    if (!(member in body)) return `answered ${res.statusCode} without \`${member}\``
  }
  if (body.status !== res.statusCode) return `answered ${res.statusCode} saying status ${body.status}`
  if (!isErrorCode(body.code)) return `answered ${res.statusCode} with an unknown code`
  if (httpStatusOf(body.code) !== res.statusCode) return `answered ${res.statusCode} with code ${body.code}`
  if (/FST_|fastify/i.test(res.body)) return `answered ${res.statusCode} naming the framework`
  return undefined
}

describe.each(ENGINES)('every API operation under hostile input on %s', (engine) => {
  let t: TestApp
  let ids: string[]
  let doc: OpenApi
  let ip = 0
  const remoteAddress = () => {
    ip++
    return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`
  }

  beforeAll(async () => {
    t = await openTestApp(engine, { demoAccounts: true })
    doc = t.app.swagger() as unknown as OpenApi
    // Real ids, so plausible requests get past "not found" into the handlers.
    const event = await seatedEvent(t.db.db)
    const fan = await loginAs(t.app, 'fan@palco.co')
    const hold = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { cookie: fan },
      payload: { eventId: event.id, seats: ['NORTE/B-1'] },
    })
    expect(hold.statusCode, hold.body).toBe(201)
    ids = [event.id, hold.json().id]
  })
  afterAll(async () => t?.close())

  async function fuzz(identity: () => Promise<string | undefined>) {
    const rng = seededRandom(SEED)
    const failures: string[] = []
    let sent = 0
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        // An event stream for a real event never ends; its parameters are fuzzed with unknown ids only.
        const endless = path === '/api/seats/stream'
        const cookie = await identity()
        for (const v of variantsOf(method, path, op, endless ? [] : ids, rng)) {
          const headers = { ...(v.options.headers as object), ...(cookie ? { cookie } : {}) }
          const res = await t.app.inject({ ...v.options, headers, remoteAddress: remoteAddress() })
          sent++
          const failure = problemFailure(res)
          if (failure) {
            failures.push(
              `${method.toUpperCase()} ${path} [${v.label}] ${failure}: ${res.body.slice(0, 160)}`,
            )
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(1000)
    expect(failures).toEqual([])
  }

  it('as a visitor', async () => {
    await fuzz(async () => undefined)
  }, 120_000)

  // Some operations end the session (logout, account deletion, a changed password): sign in again.
  const signedIn = (email: string) => {
    let cookie: string | undefined
    return async () => {
      const current = cookie
        ? await t.app.inject({ url: '/api/auth/palco-session', headers: { cookie } })
        : undefined
      if (current?.statusCode !== 200 || !current.json()?.session) {
        cookie = await loginAs(t.app, email)
      }
      return cookie
    }
  }

  it('signed in as a fan', async () => {
    await fuzz(signedIn('fan@palco.co'))
  }, 120_000)

  it('signed in as an admin', async () => {
    await fuzz(signedIn('admin@palco.co'))
  }, 120_000)
})
