import { z } from 'zod'
import { COUNTRIES, CURRENCIES, LOCALES } from './country-settings.js'

// The constants and helpers live in country-settings.ts (no zod: the browser's pages import them from
// there); this module adds the schemas. The schemas are marked pure, so a bundle that uses none of them
// leaves zod out.
export * from './country-settings.js'

export const countrySchema = /* @__PURE__ */ z.enum(COUNTRIES)
export const localeSchema = /* @__PURE__ */ z.enum(LOCALES)
export const currencySchema = /* @__PURE__ */ z.enum(CURRENCIES)
