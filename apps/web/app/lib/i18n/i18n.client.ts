import i18next from 'i18next'
import HttpBackend from 'i18next-http-backend'
import { initReactI18next } from 'react-i18next'
import { sharedI18nOptions } from './config'

// Hashed, immutable URLs of each locale file; the HTTP backend fetches them with the retry policy.
const urls = import.meta.glob<string>('../../locales/*/*.json', {
  query: '?url',
  import: 'default',
  eager: true,
})

function urlOf(lng: string, ns: string): string {
  return urls[`../../locales/${lng}/${ns}.json`] ?? `/locales/${lng}/${ns}.json`
}

export async function initClientI18n(lng: string) {
  await i18next
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      ...sharedI18nOptions,
      lng,
      backend: { loadPath: (lngs: string[], nss: string[]) => urlOf(lngs[0] ?? lng, nss[0] ?? 'common') },
    })
  return i18next
}
