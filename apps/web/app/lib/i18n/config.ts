import type { InitOptions } from 'i18next'

export const NAMESPACES = [
  'common',
  'errors',
  'home',
  'catalog',
  'auth',
  'seatmap',
  'checkout',
  'tickets',
  'boxoffice',
  'inscriptions',
  'layouteditor',
  'waitingroom',
  'eventrefunds',
  'attendees',
  'orderadmin',
  'promoadmin',
  'dashboards',
  'staffadmin',
] as const
export type Namespace = (typeof NAMESPACES)[number]

/** Options both sides share; the loader policy is spec §1's (5 retries, 350 ms doubling, 10 reads). */
export const sharedI18nOptions = {
  supportedLngs: ['es-CO', 'en-US'],
  fallbackLng: false,
  ns: [...NAMESPACES],
  defaultNS: 'common',
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  returnNull: false,
  maxRetries: 5,
  retryTimeout: 350,
  maxParallelReads: 10,
} satisfies InitOptions
