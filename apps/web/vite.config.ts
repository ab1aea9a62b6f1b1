import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig, type Plugin } from 'vite'

const isLibrary = (id: string) => /[\\/]node_modules[\\/]/.test(id)
/**
 * Libraries the import graph reaches from every page, but whose code is tree-shaken away there (zod, with
 * the domain's schemas marked pure): never in the shared chunk.
 */
const NOT_SHARED = /[\\/]node_modules[\\/]zod[\\/]/
const WALL_CLOCK = /[\\/]packages[\\/]domain[\\/]src[\\/]format[\\/]wall-clock\.ts$/

/**
 * The library modules every page loads: what the client entry, the root route and the shell layout import
 * statically (lazily imported modules, like dialogs and menus, are not followed). An index that re-exports
 * a whole package (`@mantine/core`) is not followed as such: only the modules of the names imported
 * through it are. Filled once the client build's module graph is complete, before its chunks are made.
 */
const everyPage = new Set<string>()
const EVERY_PAGE_ENTRIES = /[\\/]app[\\/](?:entry\.client|root|routes[\\/]shell)\.tsx$/
/** Indexes that re-export a whole package, by the specifier that imports them. */
const PACKAGE_INDEXES: Record<string, RegExp> = {
  '@mantine/core': /[\\/]@mantine[\\/]core[\\/]esm[\\/]index\.mjs$/,
  '@mantine/hooks': /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/,
  'react-i18next': /[\\/]react-i18next[\\/]dist[\\/]es[\\/]index\.js$/,
}
const NAMED_IMPORT = /(?:import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g
const namesOf = (list: string) =>
  list
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/))
    .filter(([name]) => name && !name.startsWith('type '))

function everyPageModules(): Plugin {
  return {
    name: 'palco:every-page-modules',
    buildEnd() {
      everyPage.clear()
      if (this.environment.name !== 'client') return
      const ids = [...this.getModuleIds()]
      // For each package index: export name → the module defining it, from the index's own imports.
      const exportsOf = new Map<string, Map<string, string>>()
      for (const [specifier, pattern] of Object.entries(PACKAGE_INDEXES)) {
        const index = ids.find((id) => pattern.test(id))
        const info = index ? this.getModuleInfo(index) : null
        const names = new Map<string, string>()
        for (const m of info?.code?.matchAll(NAMED_IMPORT) ?? []) {
          const file = info?.importedIds.find((dep) => dep.endsWith((m[2] ?? '').replace(/^\.\//, '/')))
          if (!file) continue
          for (const [exported, local] of namesOf(m[1] ?? '')) names.set(local ?? exported ?? '', file)
        }
        exportsOf.set(specifier, names)
      }
      const isIndex = (id: string) => Object.values(PACKAGE_INDEXES).some((p) => p.test(id))
      const stack = ids.filter((id) => EVERY_PAGE_ENTRIES.test(id))
      for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
        if (everyPage.has(id) || isIndex(id)) continue
        everyPage.add(id)
        const info = this.getModuleInfo(id)
        stack.push(...(info?.importedIds ?? []))
        // Through an index, only the modules of the names this module imports.
        for (const m of info?.code?.matchAll(NAMED_IMPORT) ?? []) {
          const names = exportsOf.get(m[2] ?? '')
          if (!names) continue
          for (const [name] of namesOf(m[1] ?? '')) {
            const file = names.get(name ?? '')
            if (file) stack.push(file)
          }
        }
      }
    },
  }
}

/**
 * Lazily imported modules whose files a page should ask for with its own modules rather than when it first
 * renders them: the seat map, whose download used to start only after the page's layout and seats had
 * arrived (issue 13: cold map). The browser build records each one's files (its chunk, the chunks it imports
 * and their stylesheets); the server build reads them from `virtual:lazy-chunks` (app/lib/lazy-files.ts).
 * Names must match `LazyModule` there; a module the bundler did not split out is simply absent.
 */
const LAZY_PRELOADS: Record<string, RegExp> = {
  'seat-map': /[\\/]app[\\/]features[\\/]seat-map[\\/]components[\\/]seat-map\.tsx$/,
  // A signed-in page's header answers a tap on the account button with this menu: asked for when the
  // header's module runs, it arrived after the page's modules and the menu opened half a second later.
  'account-menu': /[\\/]app[\\/]components[\\/]layout[\\/]account-menu\.tsx$/,
  // The layout editor's page asks for the editor's files with its own: after hydration, its forty-odd
  // files queued six at a time (issue 18: opening a stadium in the editor).
  'layout-editor': /[\\/]app[\\/]features[\\/]layout-editor[\\/]components[\\/]layout-editor\.tsx$/,
}
const LAZY_CHUNKS_ID = 'virtual:lazy-chunks'
const lazyAssets: Record<string, string[]> = {}

interface OutputChunkLike {
  type: 'chunk'
  fileName: string
  facadeModuleId: string | null
  imports: string[]
  viteMetadata?: { importedCss: Set<string> }
}

function lazyChunkPreloads(): Plugin {
  let base = '/'
  return {
    name: 'palco:lazy-chunks',
    configResolved(config) {
      base = config.base
    },
    resolveId(source) {
      return source === LAZY_CHUNKS_ID ? `\0${LAZY_CHUNKS_ID}` : undefined
    },
    load(id) {
      if (id !== `\0${LAZY_CHUNKS_ID}`) return undefined
      // The server build runs after the browser's (one build, client first), so the files are known here.
      const assets = this.environment.name === 'client' ? {} : lazyAssets
      return `export default ${JSON.stringify(assets)}`
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return
      const chunks = Object.values(bundle).filter((c): c is OutputChunkLike & typeof c => c.type === 'chunk')
      const byFile = new Map(chunks.map((c) => [c.fileName, c]))
      for (const [name, test] of Object.entries(LAZY_PRELOADS)) {
        const entry = chunks.find((c) => c.facadeModuleId !== null && test.test(c.facadeModuleId))
        if (!entry) continue
        const files = new Set<string>()
        const visit = (chunk: OutputChunkLike) => {
          if (files.has(chunk.fileName)) return
          files.add(chunk.fileName)
          for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css)
          for (const dep of chunk.imports) {
            const next = byFile.get(dep)
            if (next) visit(next)
          }
        }
        visit(entry)
        lazyAssets[name] = [...files].map((f) => `${base}${f}`)
      }
    },
  }
}

/** What the browser downloads as text, worth compressing once at build time. */
const COMPRESSIBLE = /\.(?:js|css|json|svg)$/

/**
 * Writes a Brotli and a gzip copy beside each script, stylesheet and locale file of the browser build, which
 * the server sends as they are (`preCompressed` in apps/api/src/plugins/web.ts) instead of compressing the
 * same bytes again for every visitor: about 13 ms of CPU per request for React's chunk alone, on the cores
 * that also render pages (issue 13: a cold map's modules took 0.2 s to arrive over loopback).
 */
function precompressAssets(): Plugin {
  return {
    name: 'palco:precompress',
    async writeBundle(options, bundle) {
      if (this.environment.name !== 'client' || !options.dir) return
      const dir = options.dir
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const full = path.join(dir, file)
            const body = await readFile(full)
            if (body.length < 1024) return
            await Promise.all([
              writeFile(
                `${full}.br`,
                brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
              ),
              writeFile(`${full}.gz`, gzipSync(body, { level: 9 })),
            ])
          }),
      )
    },
  }
}

/**
 * The client entry, route modules and React Router's own split-off pieces of them (`?…` ids): entries whose
 * chunks the server names per route, left where React Router puts them.
 */
const ROUTE_OR_ENTRY = /[\\/]app[\\/](?:entry\.client\.tsx|root\.tsx|routes[\\/])|\?/

const REACT = /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/

export default defineConfig({
  plugins: [reactRouter(), everyPageModules(), lazyChunkPreloads(), precompressAssets()],
  resolve: { conditions: ['@palco/source'] },
  ssr: { resolve: { conditions: ['@palco/source'], externalConditions: ['@palco/source'] } },
  build: {
    target: 'es2022',
    // Locale files stay separate URLs: fetched (and retried) by the i18n backend, cached immutably.
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
    rolldownOptions: {
      // Building a zod schema has no side effect: a schema no browser code uses (the domain modules define
      // them beside the constants and helpers the pages need) is dropped, and with the last one, zod.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // React Router modulepreloads every chunk a page needs, and left alone the bundler splits the
        // libraries into dozens of small shared chunks (one per Mantine component, one per hook): dozens
        // of requests queued ahead of the stylesheets on a slow connection. Instead, the libraries every
        // page loads come in two chunks; what only some pages or lazily loaded modules use is split as
        // before, so a page still downloads only what it renders.
        codeSplitting: {
          groups: [
            { name: 'react', test: (id) => REACT.test(id) && everyPage.has(id), priority: 20 },
            // Zod in a chunk of its own: left to itself the bundler may put it with a small shared module
            // (the country helpers every page uses), and every page would then download it.
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 15 },
            // With them, the app's own modules every page runs (the header, the session, the API client, the
            // texts): a dozen files of a few hundred bytes each, which on HTTP/1.1 cost the page a round trip
            // per six of them on a slow connection, for code every page downloads anyway.
            // And the wall clock the dates of most pages are read from: left alone it is a file of its own,
            // since the inscription forms' calendar uses it without the formatting, and every page with a
            // date pays a round trip for its 0.9 KB.
            {
              name: 'vendor',
              test: (id) =>
                (everyPage.has(id) && !NOT_SHARED.test(id) && (isLibrary(id) || !ROUTE_OR_ENTRY.test(id))) ||
                WALL_CLOCK.test(id),
              priority: 10,
            },
          ],
        },
      },
    },
  },
})
