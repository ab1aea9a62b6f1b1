import { z } from 'zod'
import { currencySchema } from '../locale/country.js'
import { installmentPlanSchema, installmentScheduleSchema } from './schedule.js'

/**
 * The back office's paguitos plans (issue 16 part 1): each upcoming event of the site with its plan, and
 * what the plan comes to for the event's cheapest place bought today, so an admin sees the dates and
 * amounts a fan would (null when the plan is not offered for it).
 */
export const installmentPlanListSchema = z.object({
  events: z.array(
    z.object({
      eventId: z.uuid(),
      name: z.string(),
      startsAt: z.iso.datetime(),
      currency: currencySchema,
      plan: installmentPlanSchema.nullable(),
      /** The cheapest place's price, the example total; null for an event with no priced place. */
      lowestPrice: z.int().nullable(),
      example: z.object({ total: z.int(), schedule: installmentScheduleSchema.nullable() }).nullable(),
    }),
  ),
})
export type InstallmentPlanList = z.infer<typeof installmentPlanListSchema>
export type InstallmentPlanRow = InstallmentPlanList['events'][number]
