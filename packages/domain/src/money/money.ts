import { z } from 'zod'
import { currencySchema } from '../locale/country.js'

// Money and its helpers live in minor-units.ts (no zod: the browser's pages import them from there); this
// module adds the schema, marked pure, so a bundle that does not use it leaves zod out.
export * from './minor-units.js'

export const moneySchema = /* @__PURE__ */ z.object({
  amount: /* @__PURE__ */ z.int(),
  currency: currencySchema,
})
