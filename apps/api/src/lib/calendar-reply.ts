import { type CalendarEntry, calendarFile } from '@palco/domain/calendar/ics'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** The site's own address as the fan reached it (each country's host), for links inside a calendar entry. */
export const siteOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`

/** Answers a calendar file to download (issue 44 item 10), named after what it is of. */
export function sendCalendar(reply: FastifyReply, entry: CalendarEntry, fileName: string) {
  reply.header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '-')}.ics"`)
  reply.type('text/calendar; charset=utf-8')
  return reply.send(calendarFile(entry, new Date()))
}
