import type { SportOrganization } from '@palco/domain/catalog/event-detail'
import type { ServerContext } from '@palco/domain/web/server-context'

/** `GET /api/sport-organizations`: the country's teams, for the sport filter. */
export const getSportOrganizations = (api: ServerContext['api']) =>
  api<SportOrganization[]>('/api/sport-organizations')
