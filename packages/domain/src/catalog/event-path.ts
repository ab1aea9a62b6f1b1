/**
 * Where an event's page is. An inscription (event type INSCRIPTION) is signed up for on its own page,
 * which picks a category and a number of participants and leads on to one form per participant; the
 * general event page would sell it as plain tickets with no form. Everything else has the event page.
 */
export function eventPathOf(event: { slug: string; type: string }): string {
  if (event.type === 'INSCRIPTION') return `/inscriptions/detail?event=${encodeURIComponent(event.slug)}`
  return `/events/${encodeURIComponent(event.slug)}`
}
