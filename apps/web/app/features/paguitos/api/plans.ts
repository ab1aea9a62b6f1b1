import type { InstallmentPlanRow } from '@palco/domain/installments/contract'
import type { InstallmentPlan } from '@palco/domain/installments/schedule'
import { apiRequest } from '../../../lib/api-client'

/** The back office's paguitos plans (issue 16 part 1), admins only. */

export const PLANS_PATH = '/api/admin/installment-plans'
const planPath = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}/installment-plan`

export const savePlan = (eventId: string, plan: InstallmentPlan) =>
  apiRequest<InstallmentPlanRow>(planPath(eventId), { method: 'PUT', body: plan })

export const removePlan = (eventId: string) => apiRequest<unknown>(planPath(eventId), { method: 'DELETE' })
