import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { luhnValid } from '@palco/domain/checkout/sandbox-cards'
import { signKushkiWebhook } from '../../src/modules/payments/providers/kushki/kushki-adapter.js'
import { FakeFaults, listenLocal } from './fake-faults.js'

/**
 * A local stand-in for api.kushkipagos.com implementing the requests and answers the adapter relies on
 * (pages cited in kushki-adapter.ts): card charges and voids with `Private-Merchant-Id`, cash-in and
 * transfer-in tokens with `Public-Merchant-Id` and their inits, status queries, the PSE bank list, and
 * `Idempotency-Key` replay (only 2xx answers are remembered, as Kushki documents).
 *
 * Card outcomes come from the fake card token: `fake-approved-…` APPROVAL, `fake-declined-…` 400 "006
 * Transacción declinada", `fake-nofunds-…` 400 "021 Tarjeta sin fondos", `fake-pending-…` INITIALIZED.
 * Kushki.js tokens are single-use; so are these.
 *
 * The browser's card tokens (`POST /card/v1/tokens` with `Public-Merchant-Id`, as Kushki.js sends them,
 * with CORS headers) refuse an invalid number with 400 `017 Tarjeta no válida` and a bad expiry, security
 * code or holder name with 400 `K001` and a message naming it; the token carries the outcome its holder
 * name asks for, as in the sandbox (APRO approved, OTHE declined, FUND no funds, CONT pending).
 *
 * For an end-to-end run in other processes: HTTP controls without auth under `/__fake/` (status change,
 * delay, failures, lookup by our payment id), a PSE "bank" page that approves or rejects and returns to
 * the callbackUrl with `?token=…` (as Kushki does), and, with `webhookUrl`, a signed notification of each
 * status change in the shape of Kushki's notifier (the transaction as body, X-Kushki-* headers).
 */

export interface FakeKushkiOptions {
  privateKey?: string
  publicKey?: string
  webhookSecret?: string
  /** Where to POST signed notifications when a transaction's status changes. */
  webhookUrl?: string
}

interface FakeTransaction {
  kind: 'card' | 'cash' | 'transfer'
  ticketNumber: string
  token: string | null
  status: string
  amount: Record<string, unknown>
  body: Record<string, unknown>
}

export interface FakeKushki {
  url: string
  privateKey: string
  publicKey: string
  webhookSecret: string
  /** The configuration that makes the app charge `country` through this fake (for `openTestApp`'s env). */
  appEnv(country: 'COL' | 'MEX'): Record<string, string>
  close(): Promise<void>
  requests: Array<{
    method: string
    path: string
    headers: Record<string, string | string[] | undefined>
    body: unknown
  }>
  transactions: Map<string, FakeTransaction>
  setDelay(ms: number): void
  /** Answer the next `count` requests with HTTP `status` (default 500). */
  failNext(count?: number, status?: number): void
  /**
   * Set a cash (by ticket number) or transfer (by token) status: approvedTransaction, expiredTransaction…;
   * resolves once the notification (if `webhookUrl` is set) was delivered or failed.
   */
  setStatus(id: string, status: string): Promise<void>
  /** HTTP status of each webhook delivery attempt (null when the receiver could not be reached). */
  deliveries: Array<{ id: string; status: number | null }>
  /** A signed webhook delivery for `body`, as Kushki's notifier sends it. */
  signedNotification(
    body: Record<string, unknown>,
    options?: { timestampMs?: number; secret?: string },
  ): { headers: Record<string, string>; query: Record<string, string>; rawBody: string }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const html = (res: ServerResponse, body: string) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
  res.end(`<!doctype html><html lang="es"><title>Fake Kushki</title><main>${body}</main></html>`)
}

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** Kushki's browser endpoints (card tokens) answer pages on any origin. */
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Public-Merchant-Id',
  'Access-Control-Max-Age': '600',
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  if (res.destroyed) return
  res.writeHead(status, { 'Content-Type': 'application/json', ...CORS })
  res.end(JSON.stringify(body))
}

const TOKEN_OUTCOMES: Readonly<Record<string, string>> = {
  APRO: 'approved',
  OTHE: 'declined',
  FUND: 'nofunds',
  CONT: 'pending',
}

/** Kushki.js's card token request: `{ card: { name, number, expiryMonth, expiryYear, cvv }, totalAmount, currency }`. */
const cardToken = (body: Record<string, unknown>): { status: number; body: unknown } => {
  const card = (typeof body.card === 'object' && body.card !== null ? body.card : {}) as Record<
    string,
    unknown
  >
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '')
  const number = text(card.number)
  const month = Number(text(card.expiryMonth))
  const year = Number(text(card.expiryYear))
  if (!luhnValid(number)) return { status: 400, body: { code: '017', message: 'Tarjeta no válida' } }
  const now = new Date()
  const fullYear = year < 100 ? 2000 + year : year
  if (
    !/^\d{2}$/.test(text(card.expiryMonth)) ||
    !/^\d{2}$/.test(text(card.expiryYear)) ||
    month < 1 ||
    month > 12 ||
    fullYear * 12 + month - 1 < now.getUTCFullYear() * 12 + now.getUTCMonth()
  ) {
    return { status: 400, body: { code: 'K001', message: 'Fecha de expiración inválida' } }
  }
  if (!/^\d{3,4}$/.test(text(card.cvv)))
    return { status: 400, body: { code: 'K001', message: 'Código de seguridad (cvv) inválido' } }
  const name = text(card.name)
  if (!name) return { status: 400, body: { code: 'K001', message: 'Nombre del tarjetahabiente requerido' } }
  if (typeof body.totalAmount !== 'number' || typeof body.currency !== 'string') return invalidBody('K')
  const outcome = TOKEN_OUTCOMES[name.slice(0, 4).toUpperCase()] ?? 'approved'
  return { status: 200, body: { token: `fake-${outcome}-${randomUUID().replaceAll('-', '')}` } }
}

const invalidBody = (prefix: string) => ({
  status: 400,
  body: { code: `${prefix}001`, message: 'Cuerpo de la petición inválido.' },
})

const isAmount = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false
  const amount = value as Record<string, unknown>
  return ['subtotalIva', 'subtotalIva0', 'iva'].every((k) => typeof amount[k] === 'number')
}

export const startFakeKushki = async (options: FakeKushkiOptions = {}): Promise<FakeKushki> => {
  const privateKey = options.privateKey ?? 'fake-private-merchant-id'
  const publicKey = options.publicKey ?? 'fake-public-merchant-id'
  const webhookSecret = options.webhookSecret ?? 'fake-kushki-webhook-signature'
  const transactions = new Map<string, FakeTransaction>()
  const tokens = new Map<
    string,
    { kind: 'cash' | 'transfer'; body: Record<string, unknown>; status: string }
  >()
  const usedCardTokens = new Set<string>()
  const idempotency = new Map<string, { status: number; body: unknown }>()
  const requests: FakeKushki['requests'] = []
  const deliveries: FakeKushki['deliveries'] = []
  let nextTicket = 175_632_110_000_000_001n
  const faults = new FakeFaults()

  const ticket = () => String(nextTicket++)

  const route = (
    method: string,
    path: string,
    body: Record<string, unknown>,
    credential: 'private' | 'public',
  ): { status: number; body: unknown } => {
    // The browser's deferred options for a BIN (as Kushki.js's requestDeferred): credit cards only.
    if (method === 'GET' && path.startsWith('/card/v1/deferred/')) {
      if (credential !== 'public')
        return { status: 401, body: { code: 'K004', message: 'ID de comercio o credencial no válido' } }
      const bin = path.slice('/card/v1/deferred/'.length)
      if (!/^\d{6,8}$/.test(bin)) return invalidBody('K')
      return {
        status: 200,
        body: /^[45]/.test(bin)
          ? [{ type: 'all', name: 'Diferido', months: ['3', '6', '9', '12'], monthsOfGrace: [] }]
          : [],
      }
    }
    if (method === 'POST' && path === '/card/v1/tokens') {
      if (credential !== 'public')
        return { status: 401, body: { code: 'K004', message: 'ID de comercio o credencial no válido' } }
      return cardToken(body)
    }
    if (method === 'POST' && path === '/card/v1/charges') {
      if (credential !== 'private')
        return { status: 401, body: { code: 'K004', message: 'ID de comercio o credencial no válido' } }
      const token = body.token
      if (typeof token !== 'string' || !isAmount(body.amount)) return invalidBody('K')
      if (usedCardTokens.has(token))
        return { status: 400, body: { code: 'K008', message: 'Token ya utilizado' } }
      if (!token.startsWith('fake-'))
        return { status: 400, body: { code: 'K001', message: 'Token inválido' } }
      usedCardTokens.add(token)
      const outcome = token.split('-')[1]
      const ticketNumber = ticket()
      if (outcome === 'declined' || outcome === 'nofunds') {
        const [code, message] =
          outcome === 'declined' ? ['006', 'Transacción declinada'] : ['021', 'Tarjeta sin fondos']
        transactions.set(ticketNumber, {
          kind: 'card',
          ticketNumber,
          token,
          status: 'DECLINED',
          amount: body.amount,
          body,
        })
        return {
          status: 400,
          body: {
            code,
            message,
            details: {
              ticketNumber,
              transactionStatus: 'DECLINED',
              responseCode: code,
              responseText: message,
            },
          },
        }
      }
      const status = outcome === 'pending' ? 'INITIALIZED' : 'APPROVAL'
      transactions.set(ticketNumber, { kind: 'card', ticketNumber, token, status, amount: body.amount, body })
      return {
        status: 201,
        body: {
          ticketNumber,
          transactionReference: randomUUID(),
          details: {
            transactionId: ticketNumber.slice(-12),
            transactionStatus: status,
            approvalCode: status === 'APPROVAL' ? '012345' : '000000',
            responseCode: '000',
            responseText: status === 'APPROVAL' ? 'Transacción aprobada' : 'Transacción iniciada',
            subtotalIva0: (body.amount as Record<string, unknown>).subtotalIva0,
            currencyCode: (body.amount as Record<string, unknown>).currency,
            months: body.months ?? 0,
          },
        },
      }
    }
    const voidMatch = /^\/v1\/charges\/(\d+)$/.exec(path)
    if (method === 'DELETE' && voidMatch) {
      if (credential !== 'private')
        return { status: 401, body: { code: 'K004', message: 'Credencial no válida' } }
      const sale = transactions.get(voidMatch[1] ?? '')
      if (sale?.kind !== 'card')
        return { status: 404, body: { code: 'K020', message: 'Transacción no encontrada' } }
      if (sale.status !== 'APPROVAL')
        return { status: 400, body: { code: 'K021', message: 'Transacción no anulable' } }
      sale.status = 'VOID'
      const ticketNumber = ticket()
      return {
        status: 200,
        body: {
          ticketNumber,
          transactionReference: randomUUID(),
          details: { transactionStatus: 'APPROVAL', saleTicketNumber: sale.ticketNumber },
        },
      }
    }
    if (method === 'POST' && (path === '/cash/v1/tokens' || path === '/transfer/v1/tokens')) {
      if (credential !== 'public')
        return { status: 401, body: { code: 'K004', message: 'Public-Merchant-Id requerido' } }
      const kind = path.startsWith('/cash') ? 'cash' : 'transfer'
      if (kind === 'cash') {
        for (const field of ['name', 'lastName', 'identification', 'documentType', 'email', 'currency']) {
          if (typeof body[field] !== 'string' || body[field] === '') return invalidBody('C')
        }
        if (typeof body.totalAmount !== 'number') return invalidBody('C')
        // Kushki's documented sandbox rule: identification 1000000000 is declined at token time.
        if (body.identification === '1000000000')
          return { status: 400, body: { code: 'C006', message: 'Transacción declinada' } }
      } else {
        for (const field of [
          'bankId',
          'callbackUrl',
          'userType',
          'documentType',
          'documentNumber',
          'email',
          'currency',
        ]) {
          if (typeof body[field] !== 'string' || body[field] === '') return invalidBody('T')
        }
        if (!isAmount(body.amount)) return invalidBody('T')
        if (body.bankId === '0') return { status: 400, body: { code: 'T002', message: 'Banco no válido' } }
      }
      const token = randomUUID().replaceAll('-', '')
      tokens.set(token, { kind, body, status: 'requestedToken' })
      return { status: 201, body: { token } }
    }
    if (method === 'POST' && path === '/cash/v1/charges/init') {
      if (credential !== 'private')
        return { status: 401, body: { code: 'K004', message: 'Credencial no válida' } }
      const token = typeof body.token === 'string' ? tokens.get(body.token) : undefined
      if (token?.kind !== 'cash' || !isAmount(body.amount)) return invalidBody('C')
      if (token.status !== 'requestedToken')
        return { status: 400, body: { code: 'C008', message: 'Token ya utilizado' } }
      token.status = 'initializedTransaction'
      const ticketNumber = ticket()
      const pin = String(14_282_606_000_20n + (nextTicket % 1_000_000n))
      transactions.set(ticketNumber, {
        kind: 'cash',
        ticketNumber,
        token: body.token as string,
        status: 'initializedTransaction',
        amount: body.amount,
        body,
      })
      return {
        status: 201,
        body: {
          ticketNumber,
          pin,
          pdfUrl: `${fake.url}/cash/v1/charges/${ticketNumber}/receipt`,
          transactionReference: randomUUID(),
          getPinBarCode: `41577099980048718020${pin}`,
          details: { transactionStatus: 'initializedTransaction', expiration: body.expirationDate ?? null },
        },
      }
    }
    if (method === 'POST' && path === '/transfer/v1/init') {
      if (credential !== 'private')
        return { status: 401, body: { code: 'K004', message: 'Credencial no válida' } }
      const keys = Object.keys(body).sort().join(',')
      if (keys !== 'amount,token') return invalidBody('T')
      const token = typeof body.token === 'string' ? tokens.get(body.token) : undefined
      if (token?.kind !== 'transfer' || !isAmount(body.amount)) return invalidBody('T')
      if (token.status !== 'requestedToken')
        return { status: 400, body: { code: 'T008', message: 'Token ya utilizado' } }
      token.status = 'initializedTransaction'
      const ticketNumber = ticket()
      transactions.set(ticketNumber, {
        kind: 'transfer',
        ticketNumber,
        token: body.token as string,
        status: 'initializedTransaction',
        amount: body.amount,
        body: token.body,
      })
      return {
        status: 201,
        body: {
          ticketNumber,
          bankId: token.body.bankId,
          bankName: 'Kushki bank Colombia',
          redirectUrl: `${fake.url}/pse/bank?token=${body.token}&callback=${encodeURIComponent(String(token.body.callbackUrl))}`,
          transactionReference: randomUUID(),
          trazabilityCode: String(1_000_000 + Number(nextTicket % 1_000_000n)),
        },
      }
    }
    const cashStatus = /^\/cash\/v1\/charges\/(\d+)$/.exec(path)
    if (method === 'GET' && cashStatus) {
      const found = transactions.get(cashStatus[1] ?? '')
      if (found?.kind !== 'cash')
        return { status: 404, body: { code: 'C020', message: 'Transacción no encontrada' } }
      return {
        status: 200,
        body: { ticketNumber: found.ticketNumber, status: found.status, amount: found.amount },
      }
    }
    const transferStatus = /^\/transfer\/v1\/status\/([a-f0-9]+)$/.exec(path)
    if (method === 'GET' && transferStatus) {
      const token = tokens.get(transferStatus[1] ?? '')
      if (token?.kind !== 'transfer')
        return { status: 404, body: { code: 'T020', message: 'Token no encontrado' } }
      const transaction = [...transactions.values()].find((t) => t.token === transferStatus[1])
      return {
        status: 200,
        body: {
          status: transaction?.status ?? token.status,
          token: transferStatus[1],
          paymentDescription: token.body.paymentDescription,
          amount: token.body.amount,
          bankId: token.body.bankId,
          ...(transaction ? { ticketNumber: transaction.ticketNumber, processorState: 'OK' } : {}),
        },
      }
    }
    if (method === 'GET' && path === '/transfer/v1/bankList') {
      return {
        status: 200,
        body: [
          { code: '0', name: 'A continuación seleccione su banco' },
          { code: '0001', name: 'Kushki bank Colombia' },
          { code: '0002', name: 'Kushki bank Ecuador' },
        ],
      }
    }
    return { status: 403, body: { message: 'Missing Authentication Token' } }
  }

  const notificationBody = (transaction: FakeTransaction): Record<string, unknown> => {
    const common = {
      ticketNumber: transaction.ticketNumber,
      amount: transaction.amount,
      metadata: transaction.body.metadata ?? {},
      merchantId: 'fake-merchant',
    }
    if (transaction.kind === 'transfer') {
      return {
        ...common,
        token: transaction.token,
        bankId: transaction.body.bankId,
        paymentMethod: 'transfer',
        status: transaction.status,
      }
    }
    if (transaction.kind === 'cash')
      return { ...common, paymentMethod: 'cash', pin: 'fake', status: transaction.status }
    return { ...common, transactionType: 'SALE', transactionStatus: transaction.status }
  }

  const deliver = async (transaction: FakeTransaction) => {
    if (!options.webhookUrl) return
    const notice = fake.signedNotification(notificationBody(transaction))
    try {
      const response = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: notice.headers,
        body: notice.rawBody,
        signal: AbortSignal.timeout(5_000),
      })
      await response.arrayBuffer()
      deliveries.push({ id: transaction.ticketNumber, status: response.status })
    } catch {
      deliveries.push({ id: transaction.ticketNumber, status: null })
    }
  }

  const control = (method: string, url: URL, body: unknown, res: ServerResponse) => {
    const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
    const statusMatch = /^\/__fake\/transactions\/([a-zA-Z0-9]+)\/status$/.exec(url.pathname)
    if (method === 'POST' && statusMatch) {
      const id = statusMatch[1] ?? ''
      return fake
        .setStatus(id, String(record.status ?? 'approvedTransaction'))
        .then(() => send(res, 200, { id, status: record.status ?? 'approvedTransaction' }))
        .catch(() => send(res, 404, { code: 'K020', message: 'Transacción no encontrada' }))
    }
    if (method === 'GET' && url.pathname === '/__fake/transactions') {
      const paymentId = url.searchParams.get('paymentId')
      const found = [...transactions.values()].filter((t) => {
        const metadata = t.body.metadata as Record<string, unknown> | undefined
        const description = String(t.body.paymentDescription ?? '')
        return !paymentId || metadata?.paymentId === paymentId || description.includes(paymentId)
      })
      return send(res, 200, {
        results: found.map((t) => ({
          kind: t.kind,
          ticketNumber: t.ticketNumber,
          token: t.token,
          status: t.status,
        })),
      })
    }
    const faultAnswer = method === 'POST' ? faults.control(url.pathname, record) : null
    if (faultAnswer) return send(res, 200, faultAnswer)
    return send(res, 404, { message: 'unknown fake control' })
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    const raw = await readBody(req)
    let body: unknown = {}
    if (raw) {
      try {
        body = JSON.parse(raw)
      } catch {
        return send(res, 400, invalidBody('K').body)
      }
    }
    requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, body })
    const failWith = await faults.before()
    if (failWith !== null) return send(res, failWith, { code: `K${failWith}`, message: 'Error interno' })
    // A browser asks before a cross-origin JSON POST.
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS)
      return res.end()
    }
    if (url.pathname.startsWith('/__fake/')) return control(req.method ?? 'GET', url, body, res)
    if (url.pathname.endsWith('/receipt')) return html(res, '<h1>Fake Kushki cash voucher</h1>')
    if (url.pathname === '/pse/bank') {
      const token = url.searchParams.get('token') ?? ''
      const callback = url.searchParams.get('callback') ?? ''
      const decide = (outcome: string) =>
        `/pse/decide?token=${encodeURIComponent(token)}&outcome=${outcome}&callback=${encodeURIComponent(callback)}`
      return html(
        res,
        '<h1>Fake PSE bank</h1>' +
          `<p><a href="${escapeHtml(decide('approved'))}">Approve payment</a></p>` +
          `<p><a href="${escapeHtml(decide('declined'))}">Reject payment</a></p>`,
      )
    }
    if (url.pathname === '/pse/decide') {
      const token = url.searchParams.get('token') ?? ''
      if (!tokens.has(token)) return send(res, 404, { code: 'T020', message: 'Token no encontrado' })
      const approved = url.searchParams.get('outcome') === 'approved'
      await fake.setStatus(token, approved ? 'approvedTransaction' : 'declinedTransaction')
      // Kushki sends the payer back to the callbackUrl with the transfer token in the query.
      const back = new URL(url.searchParams.get('callback') || 'http://localhost/')
      back.searchParams.set('token', token)
      res.writeHead(302, { Location: back.toString() })
      return res.end()
    }
    const privateHeader = req.headers['private-merchant-id']
    const publicHeader = req.headers['public-merchant-id']
    let credential: 'private' | 'public'
    if (privateHeader === privateKey) credential = 'private'
    else if (publicHeader === publicKey) credential = 'public'
    else return send(res, 401, { code: 'K004', message: 'ID de comercio o credencial no válido' })
    const method = req.method ?? 'GET'
    const key = req.headers['idempotency-key']
    const scoped = typeof key === 'string' && key ? `${method}:${url.pathname}:${key}` : null
    if (scoped) {
      const previous = idempotency.get(scoped)
      if (previous) return send(res, previous.status, previous.body)
    }
    const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
    const answer = route(method, url.pathname, record, credential)
    // Kushki keeps no idempotency record for 4xx/5xx answers.
    if (scoped && answer.status < 400) idempotency.set(scoped, answer)
    return send(res, answer.status, answer.body)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { code: 'K500', message: 'fake crashed' }))
  })
  const local = await listenLocal(server)

  const fake: FakeKushki = {
    url: local.url,
    privateKey,
    publicKey,
    webhookSecret,
    appEnv: (country) => ({
      [`PAYMENT_PROVIDER_${country}`]: 'kushki',
      KUSHKI_API_URL: local.url,
      KUSHKI_PRIVATE_KEY: privateKey,
      KUSHKI_PUBLIC_KEY: publicKey,
      KUSHKI_WEBHOOK_SECRET: webhookSecret,
    }),
    requests,
    transactions,
    deliveries,
    close: local.close,
    setDelay: (ms) => faults.setDelay(ms),
    failNext: (count, status) => faults.failNext(count, status),
    setStatus: async (id, status) => {
      const byTicket = transactions.get(id)
      const byToken = [...transactions.values()].find((t) => t.token === id)
      const target = byTicket ?? byToken
      if (!target) throw new Error(`fake Kushki has no transaction ${id}`)
      target.status = status
      await deliver(target)
    },
    signedNotification: (body, signOptions = {}) => {
      const rawBody = JSON.stringify(body)
      const timestampMs = signOptions.timestampMs ?? Date.now()
      const headers = signKushkiWebhook(signOptions.secret ?? webhookSecret, rawBody, timestampMs)
      return {
        headers: { ...headers, 'x-kushki-key': 'fake-merchant', 'content-type': 'application/json' },
        query: {},
        rawBody,
      }
    },
  }
  return fake
}
