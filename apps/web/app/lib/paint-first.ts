import { Transform } from 'node:stream'

/**
 * Paint first, then fetch the app: the server-rendered page is complete without JavaScript (links and
 * forms work before hydration), so its scripts should not compete with the document, the stylesheets and
 * the first image for a slow phone's bandwidth, nor run before the first frame is on screen.
 *
 * React Router's `<Scripts>` writes a `<link rel="modulepreload">` per module (React hoists them into the
 * head, ahead of the stylesheets) and an inline `<script type="module">` whose static imports the browser
 * fetches at once. This rewrite takes the preloads out of the head and wraps the module script in a classic
 * inline script that inserts them and it after the first paint (an animation frame, then a task), with the
 * same nonce: the preloads then ask for every module at once rather than as each import is found, which
 * would take a round trip per level of the import graph (the client entry, imported last, is the fifth).
 * The preloads of the files hydration needs stay in the head instead, at low priority (`early`): they
 * download while the page paints, and only the running waits for the first frame.
 * Nothing else in the document changes; the modules, their order and what they do are React Router's.
 */

const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g
const MODULE_SCRIPT = /<script\b([^>]*)\btype="module"([^>]*)>([\s\S]*?)<\/script>/g
const NONCE = /\bnonce="([^"]*)"/
const HREF = /\bhref="([^"]*)"/

/** As a JS literal that cannot close the surrounding script element (`<` escaped). */
const scriptLiteral = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

const STATIC_IMPORT = /\bimport\s+\*\s+as\s+\w+\s+from\s+"([^"]+)"/g
const DYNAMIC_IMPORT = /\bimport\("([^"]+)"\)/g
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The files hydration needs, read from React Router's module script: the matched routes' modules and the
 * client entry it imports, with the chunks the manifest in the same script lists as their imports. (The
 * manifest also describes routes the page only links to; their files are not among these.)
 */
export function hydrationModulesOf(code: string): Set<string> {
  const modules = [...code.matchAll(STATIC_IMPORT), ...code.matchAll(DYNAMIC_IMPORT)].map((m) => m[1] ?? '')
  const files = new Set(modules)
  for (const module of modules) {
    const entry = new RegExp(`"module":\\s*"${escapeRegExp(module)}",\\s*"imports":\\s*\\[([^\\]]*)\\]`).exec(
      code,
    )
    for (const m of entry?.[1]?.matchAll(/"([^"]+)"/g) ?? []) files.add(m[1] ?? '')
  }
  return files
}

/**
 * The inline script that, once the page has painted, inserts a module preload for each of `preloads` and
 * then `code` as a module script.
 */
export function paintFirstLoader(
  code: string,
  nonce: string | undefined,
  preloads: readonly string[] = [],
): string {
  const nonceAttr = nonce ? ` nonce="${nonce}"` : ''
  const setNonce = (v: string) => (nonce ? `${v}.nonce=${JSON.stringify(nonce)};` : '')
  // The modules hydration needs first, then what the page's lazily loaded parts need: six at a time over
  // HTTP/1.1, the editor's fifty files ahead of the route's put hydration last (issue 18: opening the
  // editor).
  const first = hydrationModulesOf(code)
  const ordered = [
    ...preloads.filter((href) => first.has(href)),
    ...preloads.filter((href) => !first.has(href)),
  ]
  const preload = ordered.length
    ? `${scriptLiteral(ordered)}.forEach(function(h){var l=document.createElement("link");` +
      `l.rel="modulepreload";${setNonce('l')}l.href=h;document.head.appendChild(l)});`
    : ''
  // A hidden tab gets no animation frames: it starts at once instead of waiting to be shown.
  return (
    `<script${nonceAttr}>(function(){var done=false;function run(){if(done)return;done=true;${preload}` +
    `var s=document.createElement("script");s.type="module";${setNonce('s')}s.textContent=${scriptLiteral(code)};` +
    `document.head.appendChild(s)}` +
    `if(document.visibilityState!=="visible")run();` +
    `else requestAnimationFrame(function(){setTimeout(run,0)})})()</script>`
  )
}

/** Where the early preloads go back in (a NUL character cannot be in the server's HTML). */
const EARLY_MARK = '\u0000early\u0000'

/** The preload as the head keeps it: fetched at low priority, behind the document's stylesheets. */
const lowPriority = (tag: string) =>
  /\bfetchpriority=/.test(tag) ? tag : tag.replace(/^<link\b/, '<link fetchpriority="low"')

/**
 * Rewrites a whole piece of HTML (complete tags only). The preloads of `early` (the files hydration needs, in
 * the order to ask for them) stay in the head at low priority, gathered at its end (or where the first of them
 * was, if the head ends in a later piece), in that order: the modules then download behind the stylesheets while the page paints, instead of starting after
 * the first frame (issue 13: the scripts arrived a second after the paint, and a tap waited for them). The
 * others (a lazily loaded part's, such as the layout editor's fifty files) are taken out and added to
 * `preloads` (kept by the caller across the pieces of one document), for the module script that follows.
 */
export function rewriteForPaintFirst(
  html: string,
  preloads: string[] = [],
  early: readonly string[] = [],
): string {
  const kept: { tag: string; rank: number }[] = []
  const gathered = html
    .replace(MODULE_PRELOAD, (tag) => {
      const href = HREF.exec(tag)?.[1]?.replace(/&amp;/g, '&')
      if (!href) return ''
      const rank = early.indexOf(href)
      if (rank !== -1) {
        kept.push({ tag: lowPriority(tag), rank })
        return kept.length === 1 ? EARLY_MARK : ''
      }
      if (!preloads.includes(href)) preloads.push(href)
      return ''
    })
    .replace(MODULE_SCRIPT, (_tag, before: string, after: string, code: string) =>
      paintFirstLoader(code, NONCE.exec(`${before} ${after}`)?.[1], preloads),
    )
  const tags = kept
    .sort((a, b) => a.rank - b.rank)
    .map((k) => k.tag)
    .join('')
  // At the end of the head when it is in this piece: after the stylesheets, and after the inline script that
  // starts the page's API reads (lib/prefetch.ts), which the page needs before its code (issue 13: cold map).
  if (tags && gathered.includes('</head>'))
    return gathered.replace(EARLY_MARK, '').replace('</head>', () => `${tags}</head>`)
  return gathered.replace(EARLY_MARK, () => tags)
}

/**
 * Where the text may end in the middle of a tag this rewrite cares about: from the last `<link` or
 * `<script` that is not complete yet (for a script, its closing tag), or -1 when every tag is whole.
 */
export function incompleteTail(text: string): number {
  const lastScript = text.lastIndexOf('<script')
  if (lastScript !== -1 && text.indexOf('</script>', lastScript) === -1) return lastScript
  const lastTagStart = text.lastIndexOf('<')
  if (lastTagStart !== -1 && text.indexOf('>', lastTagStart) === -1) return lastTagStart
  return -1
}

const HEAD = /<head(?:\s[^>]*)?>/

/**
 * The rewrite as a stream over the server's HTML: complete tags pass through at once (streaming is kept),
 * a tag split across chunks waits for the rest of itself. `headStart`, when given, is written right after
 * the document's `<head>` tag, before anything the page loads (lib/early-tap.ts's script).
 */
export function paintFirstStream(headStart = '', early: readonly string[] = []): Transform {
  let carry = ''
  let headDone = headStart === ''
  const preloads: string[] = []
  const decoder = new TextDecoder()
  const rewrite = (html: string) => {
    if (!headDone && HEAD.test(html)) {
      headDone = true
      html = html.replace(HEAD, (tag) => tag + headStart)
    }
    return rewriteForPaintFirst(html, preloads, early)
  }
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = carry + (typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }))
      const cut = incompleteTail(text)
      carry = cut === -1 ? '' : text.slice(cut)
      const ready = cut === -1 ? text : text.slice(0, cut)
      callback(null, ready ? rewrite(ready) : undefined)
    },
    flush(callback) {
      callback(null, rewrite(carry + decoder.decode()))
    },
  })
}

/** What React Router tells the server about the page (`EntryContext`), as far as the files go. */
export interface PageModules {
  manifest: {
    url: string
    entry: { module: string; imports: readonly string[] }
    routes: Record<string, { module: string; imports?: readonly string[] | undefined } | undefined>
  }
  staticHandlerContext: { matches: readonly { route: { id: string } }[] }
}

/**
 * The files the page's hydration runs, in the order to ask for them: the matched routes' modules and their
 * imports (root first), the client entry's imports and itself, and the route manifest. Shared chunks come
 * once, where first needed.
 */
export function hydrationFilesOf(page: PageModules): string[] {
  const files = new Set<string>()
  for (const match of page.staticHandlerContext.matches) {
    const route = page.manifest.routes[match.route.id]
    if (!route) continue
    for (const file of route.imports ?? []) files.add(file)
    files.add(route.module)
  }
  for (const file of page.manifest.entry.imports) files.add(file)
  files.add(page.manifest.entry.module)
  files.add(page.manifest.url)
  return [...files]
}
