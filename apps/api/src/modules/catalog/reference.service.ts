import type { Category, SportOrganization, TicketFrame } from '@palco/domain/catalog/event-detail'
import { DomainError } from '@palco/domain/errors/domain-error'
import type { Country, Locale } from '@palco/domain/locale/country'
import type { Db } from '../../db/dialect.js'
import { eventKeyOf, requireViewableEvent } from './event.service.js'
import {
  findCategories,
  findDefaultTicketFrame,
  findEventTicketFrame,
  findSportOrganizations,
} from './reference.repository.js'

/** Categories are shared by both countries; the name comes in the site's language. */
export async function listCategories(db: Db, locale: Locale): Promise<Category[]> {
  const rows = await findCategories(db)
  return rows.map((c) => ({ id: c.id, slug: c.slug, name: locale === 'es-CO' ? c.name_es : c.name_en }))
}

export async function listSportOrganizations(db: Db, country: Country): Promise<SportOrganization[]> {
  const rows = await findSportOrganizations(db, country)
  return rows.map((o) => ({ id: o.id, code: o.code, name: o.name, sport: o.sport, logoUrl: o.logo_url }))
}

type FrameRow = NonNullable<Awaited<ReturnType<typeof findDefaultTicketFrame>>>

function toFrame(f: FrameRow): TicketFrame {
  return {
    id: f.id,
    name: f.name,
    imageUrl: f.image_url,
    backgroundColor: f.background_color,
    textColor: f.text_color,
    accentColor: f.accent_color,
    eventId: f.event_id,
  }
}

/** `/api/frame`: the frame every ticket of the country gets unless its event has its own. */
export async function getDefaultTicketFrame(db: Db, country: Country): Promise<TicketFrame> {
  const frame = await findDefaultTicketFrame(db, country)
  if (!frame) throw new DomainError('NOT_FOUND', { message: 'This country has no default ticket frame.' })
  return toFrame(frame)
}

/** `/api/event/ticket-frame`: the event's own frame, else the country's default. */
export async function getEventTicketFrame(db: Db, country: Country, eventId: string): Promise<TicketFrame> {
  const event = await requireViewableEvent(db, country, eventKeyOf({ id: eventId }))
  const own = await findEventTicketFrame(db, event.id)
  return own ? toFrame(own) : getDefaultTicketFrame(db, country)
}
