import type { Country } from '@palco/domain/locale/country'
import type { Db } from '../../db/dialect.js'

// Reference data of the catalogue: categories, sport organisations and ticket frames.

export async function findCategories(db: Db) {
  return db
    .selectFrom('categories')
    .select(['id', 'slug', 'name_es', 'name_en'])
    .orderBy('position')
    .orderBy('slug')
    .execute()
}

export async function findSportOrganizations(db: Db, country: Country) {
  return db
    .selectFrom('sport_organizations')
    .where('country', '=', country)
    .select(['id', 'code', 'name', 'sport', 'logo_url'])
    .orderBy('name')
    .execute()
}

const FRAME_COLUMNS = [
  'id',
  'event_id',
  'name',
  'image_url',
  'background_color',
  'text_color',
  'accent_color',
] as const

export async function findEventTicketFrame(db: Db, eventId: string) {
  return db
    .selectFrom('ticket_frames')
    .where('event_id', '=', eventId)
    .select(FRAME_COLUMNS)
    .executeTakeFirst()
}

export async function findDefaultTicketFrame(db: Db, country: Country) {
  return db
    .selectFrom('ticket_frames')
    .where('country', '=', country)
    .where('event_id', 'is', null)
    .select(FRAME_COLUMNS)
    .executeTakeFirst()
}
