import type { OperatorEvents } from '@palco/domain/box-office/contract'
import type { ApiResult } from '@palco/domain/web/server-context'

/**
 * Whether a counter page lists this event for the operator: every event when none is assigned to them (or
 * when their assignment could not be read — the sale checks it again and refuses the others).
 */
export const sellsEvent = (mine: ApiResult<OperatorEvents> | null, eventId: string) =>
  mine?.status !== 200 || mine.data.all || mine.data.eventIds.includes(eventId)
