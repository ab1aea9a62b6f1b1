// @ts-check
// The JavaScript a browser downloads for a server-rendered page (DESIGN §8: JavaScript per page, shared
// ≤ 180 KB and the route's own ≤ 40 KB gzipped): every `<script src>`, every `<link rel="modulepreload">` and every module the page's inline
// module scripts import, each fetched from the server with `accept-encoding: gzip`, summed as sent on the wire.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { ROOT } from '../lib/paths.mjs'

export const WEB_BUILD = path.join(ROOT, 'apps/web/build')

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/**
 * A private copy of apps/web/build (as bench/lighthouse does), so another engineer rebuilding the web app during
 * the run cannot change the asset hashes under the server. Returns the server build's modification time.
 */
export async function snapshotWebBuild(dest, { attempts = 4 } = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      fs.rmSync(dest, { recursive: true, force: true })
      const entry = path.join(WEB_BUILD, 'server/index.js')
      if (!fs.existsSync(entry)) throw new Error(`${entry} missing`)
      fs.cpSync(WEB_BUILD, dest, { recursive: true })
      const assets = fs.readdirSync(path.join(dest, 'client/assets'))
      // Every client asset the server build names must be in the copy (a half-written build fails this).
      const named =
        fs.readFileSync(path.join(dest, 'server/index.js'), 'utf8').match(/"\/assets\/[^"#?]+/g) ?? []
      const missing = named.map((n) => n.slice(9)).filter((f) => !assets.includes(f))
      if (named.length === 0 || missing.length > 0)
        throw new Error(`incomplete web build (${missing.slice(0, 3).join(', ') || 'no assets named'})`)
      const webModules = path.join(ROOT, 'apps/web/node_modules')
      if (fs.existsSync(webModules)) fs.symlinkSync(webModules, path.join(dest, 'node_modules'), 'dir')
      return fs.statSync(entry).mtime
    } catch (err) {
      if (attempt >= attempts) {
        fs.rmSync(dest, { recursive: true, force: true })
        throw new Error(`could not copy apps/web/build (run \`npm run build -w @palco/web\`): ${err}`)
      }
      console.error(`web build not ready (${err instanceof Error ? err.message : err}); retrying in 15 s`)
      await sleep(15_000)
    }
  }
}

const attr = (tag, name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i'))
const attrOf = (tag, name) => {
  const m = attr(tag, name)
  return m ? (m[1] ?? m[2] ?? '') : null
}

/**
 * The code of the page's inline module scripts: as written, or as the server's paint-first loader inserts
 * it after the first frame (apps/web/app/lib/paint-first.ts: a string literal assigned to `textContent`).
 */
export function inlineModuleScriptsOf(html) {
  const out = []
  for (const m of html.matchAll(/<script\b[^>]*type\s*=\s*["']?module["']?[^>]*>([\s\S]*?)<\/script>/gi))
    out.push(m[1] ?? '')
  for (const m of html.matchAll(/\.textContent=("(?:[^"\\]|\\.)*")/g)) out.push(JSON.parse(m[1] ?? '""'))
  return out
}

/** Script URLs a page makes the browser fetch before it is interactive, in document order, deduplicated. */
export function scriptUrlsOf(html) {
  const urls = []
  for (const m of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attrOf(m[0], 'src')
    if (src) urls.push(src)
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attrOf(m[0], 'rel') ?? '').toLowerCase().split(/\s+/)
    const href = attrOf(m[0], 'href')
    if (href && rel.includes('modulepreload')) urls.push(href)
  }
  // React Router's inline module script imports the manifest, entry and route modules by URL.
  for (const code of inlineModuleScriptsOf(html)) {
    for (const i of code.matchAll(/\bimport\s*(?:[\w*{}\s,$]*\s*from\s*)?["']([^"']+)["']/g)) urls.push(i[1])
    for (const i of code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) urls.push(i[1])
  }
  return [...new Set(urls.filter(Boolean))]
}

/** Specifiers of a module's static imports and re-exports (not `import()`: those load on demand). */
export function staticImportsOf(code) {
  const out = []
  const re = /(?:^|[;\s{}()])(?:import|export)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["']([^"']+)["']/g
  for (const m of code.matchAll(re)) if (m[1]) out.push(m[1])
  return out
}

/**
 * Fetches `pagePath` as the given fan, then every script it names, gzip accepted, then any module those import
 * statically that the page did not name (the browser fetches those too; such a one is marked `notPreloaded`).
 * Returns the page's status, whether it is the expected route, and per script its wire (gzip) and raw size. A
 * script the server sent uncompressed is gzipped here (zlib default level) and marked so.
 */
export async function routeJavaScript(client, pagePath, { headers = {}, routeId } = {}) {
  const page = await client.send({ path: pagePath, headers: { accept: 'text/html', ...headers } })
  const html = typeof page.body === 'string' ? page.body : String(page.body)
  const origin = new URL(client.base).origin
  const named = scriptUrlsOf(html).map((u) => new URL(u, client.base))
  const queue = named.map((url) => ({ url, notPreloaded: false }))
  const seen = new Set(named.map((u) => u.href))
  const scripts = []
  const external = []
  while (queue.length) {
    const { url, notPreloaded } = /** @type {{ url: URL, notPreloaded: boolean }} */ (queue.shift())
    if (url.origin !== origin) {
      external.push(url.href)
      continue
    }
    const res = await client.send({
      path: url.pathname + url.search,
      headers: { 'accept-encoding': 'gzip', ...headers },
      raw: true,
    })
    const buf = /** @type {Buffer} */ (res.body)
    const encoding = String(res.headers['content-encoding'] ?? '')
    const plain = encoding === 'gzip' ? zlib.gunzipSync(buf) : buf
    const gzippedHere = encoding !== 'gzip'
    scripts.push({
      url: url.pathname,
      status: res.status,
      encoding: encoding || 'identity',
      gzipBytes: gzippedHere ? zlib.gzipSync(buf).length : buf.length,
      rawBytes: plain.length,
      gzippedHere,
      notPreloaded,
    })
    if (res.status !== 200) continue
    for (const spec of staticImportsOf(plain.toString('utf8'))) {
      if (!/^(\.{0,2}\/|https?:)/.test(spec)) continue
      const dep = new URL(spec, url)
      if (seen.has(dep.href)) continue
      seen.add(dep.href)
      queue.push({ url: dep, notPreloaded: true })
    }
  }
  return {
    path: pagePath,
    status: page.status,
    location: page.headers.location ?? null,
    isRoute: routeId ? [html, ...inlineModuleScriptsOf(html)].some((t) => t.includes(`"${routeId}"`)) : true,
    scripts,
    external,
    gzipTotal: scripts.reduce((s, x) => s + x.gzipBytes, 0),
    rawTotal: scripts.reduce((s, x) => s + x.rawBytes, 0),
    notPreloaded: scripts.filter((s) => s.notPreloaded).map((s) => s.url),
    failed: scripts.filter((s) => s.status !== 200).map((s) => `${s.status} ${s.url}`),
  }
}
