import type { OrganiserDashboard } from '@palco/domain/reports/sales-dashboard'
import type { ServerContext } from '@palco/domain/web/server-context'

/** `GET /api/admin/dashboard` (issue 43 part 6): an organiser's events' sales together. */
export const getOrganiserDashboard = (api: ServerContext['api'], organiserId: string | null) =>
  api<OrganiserDashboard>(
    `/api/admin/dashboard${organiserId ? `?organiserId=${encodeURIComponent(organiserId)}` : ''}`,
  )
