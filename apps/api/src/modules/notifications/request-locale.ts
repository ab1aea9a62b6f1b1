import { AsyncLocalStorage } from 'node:async_hooks'
import type { Locale } from '@palco/domain/locale/country'

// The auth core calls our code sender without the request; the language of the message rides along here.
const storage = new AsyncLocalStorage<Locale>()

export const withLocale = <T>(locale: Locale, fn: () => Promise<T>): Promise<T> => storage.run(locale, fn)
export const currentLocale = (fallback: Locale): Locale => storage.getStore() ?? fallback
