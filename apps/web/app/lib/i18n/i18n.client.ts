import i18next from 'i18next'
import HttpBackend from 'i18next-http-backend'
import { initReactI18next } from 'react-i18next'
import { NAMESPACES, sharedI18nOptions } from './config'
import { readPageResources } from './page-resources'

// Hashed, immutable URLs of each locale file; the HTTP backend fetches them with the retry policy.
const urls = import.meta.glob<string>('../../locales/*/*.json', {
  query: '?url',
  import: 'default',
  eager: true,
})

function urlOf(lng: string, ns: string): string {
  return urls[`../../locales/${lng}/${ns}.json`] ?? `/locales/${lng}/${ns}.json`
}

/**
 * Starts i18next with the namespaces the server rendered the page with (serialised into the page), so
 * hydration need not wait for the network; any other namespace is fetched by the backend when a
 * component asks for it, with spec §1's retry policy (`sharedI18nOptions`). Without serialised texts
 * (a page not rendered by our server) it loads every namespace first. With them nothing is fetched here,
 * so the promise settles at once.
 */
export async function initClientI18n(lng: string) {
  const page = readPageResources()
  const present = page ? Object.keys(page) : []
  await i18next
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      ...sharedI18nOptions,
      lng,
      backend: { loadPath: (lngs: string[], nss: string[]) => urlOf(lngs[0] ?? lng, nss[0] ?? 'common') },
      ...(page
        ? {
            ns: present.length ? present : ['common'],
            resources: { [lng]: page },
            // The other namespaces still come from the backend, on demand.
            partialBundledLanguages: true,
            initAsync: false,
          }
        : {}),
    })
  return i18next
}

/**
 * Fetches the namespaces the page was not rendered with (later dialogs, errors) once the page has loaded
 * and the browser is idle. Not sooner: the main thread idles while a lazily loaded part's modules download,
 * and the nine files then took connections the layout editor's modules were queued for (issue 18).
 */
export function loadRemainingNamespaces(i18n: typeof i18next): void {
  // One namespace per idle moment: asking for all nine in one go was a 20 ms task at 4× that a person typing
  // right after the load met as a dropped frame (issue 17).
  const left = NAMESPACES.filter((ns) => !i18n.hasLoadedNamespace(ns))
  const load = () => {
    const next = left.shift()
    if (!next) return
    void i18n.loadNamespaces(next)
    whenIdle()
  }
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 5000 })
    else setTimeout(load, 1500)
  }
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })
}
