import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { hydrationFilesOf, paintFirstStream, rewriteForPaintFirst } from './paint-first'

// The shape React Router's <Scripts> and React's hoisting give a page (trimmed).
const MODULE_CODE =
  ';\nimport * as route0 from "/assets/root-a.js";\nwindow.__reactRouterManifest = {"x":"</b>"};\n' +
  'window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-b.js");'
const PAGE =
  '<!DOCTYPE html><html lang="es-CO"><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-b.js" nonce="N0=="/>' +
  '<link rel="modulepreload" href="/assets/react-c.js" nonce="N0=="/>' +
  '<link rel="stylesheet" href="/assets/vendor-d.css"/></head><body><main><a href="/x">x &lt; y</a></main>' +
  '<script nonce="N0==">window.__reactRouterContext = {"a":1};</script>' +
  `<script nonce="N0==" type="module" async="">${MODULE_CODE}</script></body></html>`

type Inserted = { type?: string; rel?: string; href?: string; nonce?: string; textContent?: string }

/** Runs the page's inline loader against a stand-in document; returns the elements it inserted. */
function runLoader(html: string, visibility: 'visible' | 'hidden') {
  const inserted: Inserted[] = []
  const frames: (() => void)[] = []
  const tasks: (() => void)[] = []
  const context = {
    document: {
      visibilityState: visibility,
      createElement: (tag: string) => (tag === 'link' ? {} : { type: '', nonce: '', textContent: '' }),
      head: { appendChild: (el: Inserted) => inserted.push(el) },
    },
    requestAnimationFrame: (f: () => void) => frames.push(f),
    setTimeout: (f: () => void) => tasks.push(f),
  }
  const loaders = [...html.matchAll(/<script nonce="[^"]*">(\(function\(\)[\s\S]*?)<\/script>/g)]
  for (const m of loaders) vm.runInNewContext(m[1] ?? '', context)
  return { inserted, frames, tasks }
}

describe('rewriteForPaintFirst', () => {
  const out = rewriteForPaintFirst(PAGE)

  it('takes the module preloads out of the head and keeps everything else of it', () => {
    expect(out).not.toMatch(/<link[^>]*modulepreload/)
    expect(out).toContain('<link rel="stylesheet" href="/assets/vendor-d.css"/>')
    expect(out).toContain('<a href="/x">x &lt; y</a>')
    expect(out).toContain('<script nonce="N0==">window.__reactRouterContext = {"a":1};</script>')
  })

  it('leaves no module script for the browser to fetch while parsing', () => {
    expect(out).not.toMatch(/<script[^>]*type="module"/)
    // The code travels as a string literal that cannot close its script element.
    expect(out).not.toContain('</b>')
  })

  // Every module asked for at once, then the same module code, each with the nonce.
  const AFTER_PAINT: Inserted[] = [
    { rel: 'modulepreload', nonce: 'N0==', href: '/assets/entry.client-b.js' },
    { rel: 'modulepreload', nonce: 'N0==', href: '/assets/react-c.js' },
    { type: 'module', nonce: 'N0==', textContent: MODULE_CODE },
  ]

  it('inserts the preloads and the same module code, with the nonce, only after a frame and a task', () => {
    const { inserted, frames, tasks } = runLoader(out, 'visible')
    expect(inserted).toHaveLength(0)
    for (const f of frames) f()
    expect(inserted).toHaveLength(0)
    for (const t of tasks) t()
    expect(inserted).toEqual(AFTER_PAINT)
  })

  it('starts at once in a hidden tab, which gets no frames', () => {
    const { inserted } = runLoader(out, 'hidden')
    expect(inserted).toEqual(AFTER_PAINT)
  })

  it('asks for the modules hydration needs before those of the lazily loaded parts', () => {
    // React Router's script (trimmed): the matched routes' modules, the entry, and a manifest that also
    // describes a route the page only links to. A lazy part's preload, hoisted by React, comes first.
    const code =
      'import * as route0 from "/assets/root-a.js";\nimport * as route1 from "/assets/page-p.js";\n' +
      'window.__reactRouterManifest = {"entry": {"module": "/assets/entry-e.js", "imports": ["/assets/react-r.js"]},' +
      ' "routes": {"root": {"module": "/assets/root-a.js", "imports": ["/assets/react-r.js", "/assets/vendor-v.js"]},' +
      ' "page": {"module": "/assets/page-p.js", "imports": ["/assets/table-t.js"]},' +
      ' "linked": {"module": "/assets/list-l.js", "imports": ["/assets/badge-b.js"]}}};\n' +
      'window.__reactRouterRouteModules = {"root":route0,"page":route1};\nimport("/assets/entry-e.js");'
    const hrefs = ['editor-x', 'badge-b', 'react-r', 'table-t', 'root-a', 'page-p', 'vendor-v', 'entry-e']
    const page =
      '<html><head>' +
      hrefs.map((h) => `<link rel="modulepreload" href="/assets/${h}.js"/>`).join('') +
      `</head><body><script nonce="N0==" type="module">${code}</script></body></html>`
    const { inserted } = runLoader(rewriteForPaintFirst(page), 'hidden')
    expect(inserted.map((el) => el.href?.replace(/^\/assets\/|\.js$/g, '') ?? el.type)).toEqual([
      'react-r',
      'table-t',
      'root-a',
      'page-p',
      'vendor-v',
      'entry-e',
      'editor-x',
      'badge-b',
      'module',
    ])
  })
})

describe('early preloads', () => {
  it('keeps the preloads hydration needs in the head, at low priority and in its order, and inserts the rest later', () => {
    const out = rewriteForPaintFirst(PAGE, [], ['/assets/react-c.js', '/assets/entry.client-b.js'])
    // At the end of the head: after the stylesheets and the inline script starting the page's API reads.
    expect(out).toContain(
      '<head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/vendor-d.css"/>' +
        '<link fetchpriority="low" rel="modulepreload" href="/assets/react-c.js" nonce="N0=="/>' +
        '<link fetchpriority="low" rel="modulepreload" href="/assets/entry.client-b.js" nonce="N0=="/>' +
        '</head>',
    )
    const { inserted } = runLoader(out, 'hidden')
    expect(inserted).toEqual([{ type: 'module', nonce: 'N0==', textContent: MODULE_CODE }])
    const some = runLoader(rewriteForPaintFirst(PAGE, [], ['/assets/react-c.js']), 'hidden').inserted
    expect(some.map((el) => el.href ?? el.type)).toEqual(['/assets/entry.client-b.js', 'module'])
  })

  it('names the files of the matched routes and the client entry, shared ones once', () => {
    const files = hydrationFilesOf({
      manifest: {
        url: '/assets/manifest-m.js',
        entry: { module: '/assets/entry-e.js', imports: ['/assets/react-r.js'] },
        routes: {
          root: { module: '/assets/root-a.js', imports: ['/assets/react-r.js', '/assets/vendor-v.js'] },
          page: { module: '/assets/page-p.js', imports: ['/assets/table-t.js'] },
          linked: { module: '/assets/list-l.js', imports: ['/assets/badge-b.js'] },
        },
      },
      staticHandlerContext: { matches: [{ route: { id: 'root' } }, { route: { id: 'page' } }] },
    })
    expect(files).toEqual([
      '/assets/react-r.js',
      '/assets/vendor-v.js',
      '/assets/root-a.js',
      '/assets/table-t.js',
      '/assets/page-p.js',
      '/assets/entry-e.js',
      '/assets/manifest-m.js',
    ])
  })
})

describe('paintFirstStream', () => {
  it('gives the same document wherever the server cut its chunks', async () => {
    const whole = rewriteForPaintFirst(PAGE)
    const bytes = Buffer.from(PAGE)
    for (let cut = 1; cut < bytes.length; cut += 7) {
      const chunks = [bytes.subarray(0, cut), bytes.subarray(cut)]
      expect(await text(Readable.from(chunks).pipe(paintFirstStream()))).toBe(whole)
    }
  })

  it('writes the head script once, first in the head, wherever the chunks were cut', async () => {
    const head = '<script nonce="N0==">taps()</script>'
    const expected = rewriteForPaintFirst(PAGE.replace('<head>', `<head>${head}`))
    const bytes = Buffer.from(PAGE)
    for (let cut = 1; cut < 80; cut += 3) {
      const chunks = [bytes.subarray(0, cut), bytes.subarray(cut)]
      expect(await text(Readable.from(chunks).pipe(paintFirstStream(head)))).toBe(expected)
    }
    // A header element is not the head.
    const page = '<html><head></head><body><header>x</header><head></head></body></html>'
    expect(await text(Readable.from([page]).pipe(paintFirstStream(head)))).toBe(
      page.replace('<head>', `<head>${head}`),
    )
  })

  it('keeps multi-byte characters split between chunks', async () => {
    const page = '<html><body><p>Sin Sección — ñ</p></body></html>'
    const bytes = Buffer.from(page)
    const at = bytes.indexOf(Buffer.from('ó')) + 1
    const chunks = [bytes.subarray(0, at), bytes.subarray(at)]
    expect(await text(Readable.from(chunks).pipe(paintFirstStream()))).toBe(page)
  })
})
