/**
 * Data a page needs before its script can ask for it. The page's modules load only after the first paint
 * (paint-first.ts), and a seat map cannot draw until its layout and seats arrive, so waiting for the script
 * to ask put both downloads after the whole app's (issue 13: a cold map painted 1.4–1.9 s after navigation
 * when the server answered in 0.1–0.2 s). A small inline script in the server's page starts these GETs while
 * the document is still parsing; `apiRequest` then takes the response instead of asking again.
 *
 * Only same-origin GETs whose answer is the same for whoever asks on this page: the response is used once,
 * and only shortly after it was asked for, so a page reached later in the session never sees stale data.
 */

interface Prefetched {
  at: number
  response: Promise<Response>
}
type PrefetchWindow = Window & { __palcoPrefetch?: Record<string, Prefetched> }

/** A prefetched answer is trusted this long after the page asked for it; later, the caller asks again. */
const FRESH_MS = 15_000

/**
 * The code of the inline script that starts `paths` (same-origin API paths). Written out as plain ES5 so it
 * runs in the document's first pass on any browser the site supports; the request options match
 * `apiRequest`'s, so the answer is the one it would have had.
 */
export function prefetchCode(paths: readonly string[]): string {
  const list = JSON.stringify(paths).replace(/</g, '\\u003c')
  return (
    `(function(w,p){if(!w.fetch)return;var s=w.__palcoPrefetch||(w.__palcoPrefetch={});` +
    `for(var i=0;i<p.length;i++){s[p[i]]={at:Date.now(),response:w.fetch(p[i],` +
    `{credentials:'same-origin',headers:{accept:'application/json'}})}}})(window,${list})`
  )
}

/**
 * A route's `handle` naming the API paths its page prefetches, from its loader's data. The document's head
 * starts them (root.tsx, `HeadPrefetch`) ahead of the stylesheets: an inline script in the body waits for
 * every stylesheet before it to load, which held the editor's document back by 0.2 s (issue 18).
 */
export interface PrefetchHandle<Data> {
  prefetch: (data: Data) => readonly string[]
}

/** The paths the matched routes prefetch, in route order. */
export function prefetchPathsOf(matches: readonly { handle?: unknown; loaderData?: unknown }[]): string[] {
  const paths: string[] = []
  for (const match of matches) {
    const handle = match.handle as Partial<PrefetchHandle<unknown>> | undefined
    if (typeof handle?.prefetch === 'function' && match.loaderData !== undefined)
      paths.push(...handle.prefetch(match.loaderData))
  }
  return paths
}

/** The page's prefetched answer for this path, once; null when there is none or it is too old. */
export function takePrefetched(path: string, now = Date.now()): Promise<Response> | null {
  if (typeof window === 'undefined') return null
  const store = (window as PrefetchWindow).__palcoPrefetch
  const entry = store?.[path]
  if (!store || !entry) return null
  delete store[path]
  if (now - entry.at > FRESH_MS) {
    // Not used: let its body go rather than leaving a failed promise unobserved.
    entry.response.catch(() => {})
    return null
  }
  return entry.response
}
