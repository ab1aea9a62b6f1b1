import type { Locale } from '@palco/domain/locale/country'
import i18next, { type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { sharedI18nOptions } from './config'
import { trackUsedNamespaces } from './page-resources'
import { resources } from './resources.server'

/** One instance per request, so two visitors in two countries never share a language. */
export function createServerI18n(locale: Locale): i18n {
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({ ...sharedI18nOptions, lng: locale, resources, initAsync: false })
  // The page carries the namespaces its render read (root.tsx renders them), for the browser's hydration.
  trackUsedNamespaces(instance)
  return instance
}
