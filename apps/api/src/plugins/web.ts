import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { PublicSiteConfig, ServerContext, SessionUser } from '@palco/domain/web/server-context'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { isLocalClient } from './local-client.js'

function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`)
  const headers = new Headers()
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const v of value) headers.append(key, v)
    else headers.set(key, String(value))
  }
  const controller = new AbortController()
  // Only a client that leaves before the answer is complete aborts; the request stream itself closes as
  // soon as its body has been read, which would cancel every form action.
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit)
}

async function sendFetchResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status)
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue
    reply.header(key, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
  if (!response.body) return reply.send()
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream))
}

async function sessionUserOf(request: FastifyRequest): Promise<SessionUser | null> {
  const s = await request.session()
  return s ? { id: s.userId, name: s.name, roles: s.roles } : null
}

/** Reads a JSON file under the content folder; a path that escapes it or a missing file is null. */
async function readContent<T>(contentDir: string, relativePath: string): Promise<T | null> {
  const full = path.resolve(contentDir, relativePath)
  if (!full.startsWith(path.resolve(contentDir) + path.sep)) return null
  try {
    return JSON.parse(await fs.promises.readFile(full, 'utf8')) as T
  } catch {
    return null
  }
}

/**
 * Hashed assets never change; the public images (demo posters, sponsor logos) change rarely, so a day's
 * cache with a week of stale-while-revalidate; anything else (favicon, robots.txt) five minutes.
 */
export function cacheControlOf(relativePath: string): string {
  const [top] = relativePath.split(path.sep)
  if (top === 'assets') return 'public, max-age=31536000, immutable'
  if (top === 'images') return 'public, max-age=86400, stale-while-revalidate=604800'
  return 'public, max-age=300'
}

export interface WebPluginOptions {
  buildDir: string
  contentDir: string
  config: PublicSiteConfig
  devOutbox: boolean
  /** The dev outbox page answers any client, not only this machine's (issue 40). */
  devOutboxAnyClient?: boolean
}

/**
 * Serves the built web app: hashed client assets with a year-long immutable cache, public files, and
 * every other non-API path rendered by React Router on the server (DESIGN §1).
 */
export async function webPlugin(app: FastifyInstance, opts: WebPluginOptions) {
  const serverEntry = path.join(opts.buildDir, 'server/index.js')
  const clientDir = path.join(opts.buildDir, 'client')
  if (!fs.existsSync(serverEntry)) {
    app.log.warn({ serverEntry }, 'web build not found: run `npm run build`; only /api is served')
    return
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild
  const handle = createRequestHandler(
    build,
    process.env.NODE_ENV === 'production' ? 'production' : 'development',
  )

  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // The web build writes .br and .gz beside each text asset: sent as they are, not compressed per request.
    preCompressed: true,
    setHeaders(res, filePath) {
      const rel = path.relative(clientDir, filePath)
      res.header('cache-control', cacheControlOf(rel))
    },
  })

  // The SSR handler reads bodies itself (form actions), so nothing here parses them.
  await app.register(async (ssr) => {
    ssr.removeAllContentTypeParsers()
    ssr.addContentTypeParser('*', (_req, _payload, done) => done(null))
    ssr.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        if (request.url.startsWith('/api/') || request.url === '/api') {
          return reply.callNotFound()
        }
        const context: ServerContext = {
          country: request.country,
          locale: request.locale,
          cspNonce: reply.scriptNonce,
          requestId: request.id,
          config: opts.config,
          session: await sessionUserOf(request),
          devOutbox: opts.devOutbox && (opts.devOutboxAnyClient === true || isLocalClient(request)),
          content: (relativePath) => readContent(opts.contentDir, relativePath),
          api: async (apiPath, init) => {
            const res = await app.inject({
              method: (init?.method ?? 'GET') as 'GET',
              url: apiPath,
              headers: {
                host: request.host,
                ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
                ...(init?.body !== undefined ? { 'content-type': 'application/json' } : {}),
              },
              ...(init?.body !== undefined ? { payload: JSON.stringify(init.body) } : {}),
            })
            const isJson = String(res.headers['content-type'] ?? '').includes('json')
            const setCookie = res.headers['set-cookie']
            return {
              status: res.statusCode,
              data: (isJson ? res.json() : res.body) as never,
              cookies: setCookie === undefined ? [] : [setCookie].flat().map(String),
            }
          },
        }
        const response = await handle(toFetchRequest(request, reply), context as never)
        return sendFetchResponse(reply, response)
      },
    })
  })
}
