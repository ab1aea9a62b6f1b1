/** Base URLs of both countries on the journeys' server; Chromium resolves *.localhost to loopback. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100)

export const SITES = {
  colombia: {
    name: 'colombia',
    baseURL: `http://localhost:${E2E_PORT}`,
    lang: 'es-CO',
    indicator: 'Colombia · COP',
    supportEmail: 'soporte@palco.co',
    hasStoreLinks: true,
  },
  mexico: {
    name: 'mexico',
    baseURL: `http://mx.localhost:${E2E_PORT}`,
    lang: 'en-US',
    indicator: 'Mexico · MXN',
    supportEmail: 'soporte@palco.mx',
    hasStoreLinks: false,
  },
} as const

export type Site = (typeof SITES)[keyof typeof SITES]
export const COUNTRIES: readonly Site[] = [SITES.colombia, SITES.mexico]

/** An absolute URL on a country's site. */
export function urlOf(site: Site, path: string): string {
  return new URL(path, site.baseURL).toString()
}
