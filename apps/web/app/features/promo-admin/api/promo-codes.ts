import type {
  PromoBatchInput,
  PromoBatchResult,
  PromoCodeInput,
  PromoCodeList,
  PromoCodePatch,
  PromoCodeView,
  PromoTargets,
} from '@palco/domain/checkout/promo-admin-contract'
import type { ServerContext } from '@palco/domain/web/server-context'
import { apiRequest } from '../../../lib/api-client'

/** The back office's promo codes (issue 43 part 5): platform admins and organisers' staff, each their own. */

const PROMO_CODES_PATH = '/api/admin/promo-codes'
const codePath = (id: string) => `${PROMO_CODES_PATH}/${encodeURIComponent(id)}`

export interface PromoListFilter {
  q: string
  eventId: string
  page: number
}

/** The page's filter as the list's query (empty ones left out). */
export function promoListPath(f: PromoListFilter) {
  const params = new URLSearchParams()
  if (f.q) params.set('q', f.q)
  if (f.eventId) params.set('eventId', f.eventId)
  params.set('page', String(f.page))
  return `${PROMO_CODES_PATH}?${params}`
}

/** Read by the page's loader, with the asker's session. */
export const listPromoCodes = (api: ServerContext['api'], f: PromoListFilter) =>
  api<PromoCodeList>(promoListPath(f))
export const promoTargets = (api: ServerContext['api']) => api<PromoTargets>(`${PROMO_CODES_PATH}/targets`)

/** A batch's codes as a spreadsheet, downloaded by the browser with the session's cookie. */
export const batchCsvPath = (batchId: string) =>
  `${PROMO_CODES_PATH}/batches/${encodeURIComponent(batchId)}/codes.csv`

export const createPromoCode = (body: Partial<PromoCodeInput>) =>
  apiRequest<PromoCodeView>(PROMO_CODES_PATH, { method: 'POST', body })

export const createPromoBatch = (body: Partial<PromoBatchInput>) =>
  apiRequest<PromoBatchResult>(`${PROMO_CODES_PATH}/batch`, { method: 'POST', body })

export const changePromoCode = (id: string, patch: PromoCodePatch) =>
  apiRequest<PromoCodeView>(codePath(id), { method: 'PATCH', body: patch })

export const deletePromoCode = (id: string) => apiRequest<unknown>(codePath(id), { method: 'DELETE' })
