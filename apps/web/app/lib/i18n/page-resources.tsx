import type { i18n, ResourceLanguage } from 'i18next'
import { useTranslation } from 'react-i18next'

/**
 * The texts a server-rendered page was drawn with travel inside the page, so the browser can hydrate at
 * once instead of first fetching every locale file; namespaces the page did not use are fetched later
 * (`i18n.client.ts`).
 */
export const PAGE_RESOURCES_ID = 'i18n-page-resources'

/**
 * Per server instance (one per request), keyed by its resource store: the namespaces its lookups touched
 * while rendering. (useTranslation hands out a wrapper of the instance, but the store is the same.)
 */
const usedBy = new WeakMap<object, Set<string>>()

/**
 * Records every namespace a lookup reads (t, exists, `ns:key` prefixes included), so the page carries
 * exactly the namespaces it rendered with. Call once, after init.
 */
export function trackUsedNamespaces(instance: i18n): void {
  const used = new Set<string>()
  // Every lookup of i18next ends in the store's getResource (not in its public typings).
  const store = instance.store as unknown as {
    getResource: (lng: string, ns: string, ...rest: unknown[]) => unknown
  }
  const read = store.getResource.bind(store)
  store.getResource = (lng, ns, ...rest) => {
    used.add(ns)
    return read(lng, ns, ...rest)
  }
  usedBy.set(store, used)
}

/**
 * Namespaces a page's lazily loaded parts will use, carried in the server's page like the ones it rendered
 * with, so those parts do not wait for a locale file after their code arrives (the seat map: issue 13).
 */
export function useCarriedNamespaces(...namespaces: readonly string[]): void {
  const { i18n } = useTranslation()
  if (typeof document !== 'undefined') return
  const used = usedBy.get(i18n.store)
  for (const ns of namespaces) used?.add(ns)
}

/** In the browser: the JSON text the server wrote, kept so hydration renders the very same element. */
let pageText: string | undefined

/** Reads (once) the namespaces the server serialised into the page; null without them. */
export function readPageResources(): ResourceLanguage | null {
  if (pageText === undefined) pageText = document.getElementById(PAGE_RESOURCES_ID)?.textContent ?? ''
  if (!pageText) return null
  try {
    return JSON.parse(pageText) as ResourceLanguage
  } catch {
    return null
  }
}

/** `<` escaped, so no text can close the script element early. */
const serialise = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/**
 * A JSON data block (not executed, so the CSP's script rules do not apply) with the namespaces used by
 * the page. Render it after the page's content, so that the content's lookups are recorded first.
 */
export function PageResources(props: { nonce?: string | undefined }) {
  const { i18n } = useTranslation()
  let text = pageText ?? ''
  if (typeof document === 'undefined') {
    const data: ResourceLanguage = {}
    const lng = i18n.language
    for (const ns of usedBy.get(i18n.store) ?? []) {
      const bundle = i18n.getResourceBundle(lng, ns) as ResourceLanguage[string] | undefined
      if (bundle) data[ns] = bundle
    }
    text = serialise(data)
  }
  return (
    // The nonce is not needed by the CSP (JSON is not run) but keeps every script tag of a page alike.
    <script
      type="application/json"
      id={PAGE_RESOURCES_ID}
      nonce={props.nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: serialised JSON with `<` escaped; not executed
      dangerouslySetInnerHTML={{ __html: text }}
    />
  )
}
