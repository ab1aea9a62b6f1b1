import type { Insertable, Transaction } from 'kysely'
import type { Database } from '../schema.js'

// Demo sponsor banners and ticket frames (migration 0003), loaded with the demo catalogue in the same
// transaction. Sponsors are fictitious; links go to the reserved example.com domain.

const SPONSORS = {
  bank: { name: 'Banco Cumbre', image: 'banco-cumbre', link: 'https://example.com/banco-cumbre' },
  airline: { name: 'Aerovía', image: 'aerovia', link: 'https://example.com/aerovia' },
  coffee: { name: 'Café Montaña', image: 'cafe-montana', link: 'https://example.com/cafe-montana' },
  mobile: { name: 'Red Móvil', image: 'red-movil', link: null },
} as const
type SponsorKey = keyof typeof SPONSORS

/** Event slug (or slug prefix for every date of a tour) → its sponsors, headline first. */
const BANNERS: Record<'COL' | 'MEX', [string, SponsorKey[]][]> = {
  COL: [
    ['santa-fe-vs-nacional', ['bank', 'airline']],
    ['superliga-nacional-vs-santa-fe', ['bank', 'airline']],
    ['abono-clasicos-santa-fe', ['bank', 'airline']],
    ['sinfonica-salsera', ['coffee', 'mobile']],
    ['los-rayos-del-valle-tierra-adentro-', ['mobile']],
  ],
  MEX: [
    ['insurgentes-fc-vs-olmecas', ['bank', 'airline']],
    ['champions-cup-olmecas-vs-insurgentes', ['bank', 'airline']],
    ['insurgentes-fc-season-pass', ['bank', 'airline']],
    ['mariachi-sinfonico-chapultepec', ['coffee', 'mobile']],
    ['luna-nortena-desert-lights-tour-', ['mobile']],
  ],
}

const DEFAULT_FRAMES = {
  COL: { name: 'Palco Colombia', image: 'palco-co', background: '#fff9db', accent: '#1c7ed6' },
  MEX: { name: 'Palco Mexico', image: 'palco-mx', background: '#e6fcf5', accent: '#0ca678' },
} as const

/** Season passes print in their club's colours. */
const EVENT_FRAMES: { country: 'COL' | 'MEX'; slug: string; name: string; accent: string }[] = [
  { country: 'COL', slug: 'abono-clasicos-santa-fe', name: 'Abono Santa Fe', accent: '#c92a2a' },
  { country: 'MEX', slug: 'insurgentes-fc-season-pass', name: 'Insurgentes Season Pass', accent: '#1864ab' },
]

export async function seedDemoCatalogExtras(trx: Transaction<Database>): Promise<void> {
  const events = await trx.selectFrom('events').select(['id', 'slug', 'country']).execute()
  const banners: Insertable<Database['sponsor_banners']>[] = []
  for (const country of ['COL', 'MEX'] as const) {
    for (const [slug, sponsors] of BANNERS[country]) {
      const matches = events.filter(
        (e) => e.country === country && (slug.endsWith('-') ? e.slug.startsWith(slug) : e.slug === slug),
      )
      for (const e of matches) {
        sponsors.forEach((key, position) => {
          const s = SPONSORS[key]
          banners.push({
            event_id: e.id,
            name: s.name,
            image_url: `/images/demo/sponsors/${s.image}.svg`,
            link_url: s.link,
            position,
          })
        })
      }
    }
  }
  if (banners.length > 0) await trx.insertInto('sponsor_banners').values(banners).execute()

  const frames: Insertable<Database['ticket_frames']>[] = (['COL', 'MEX'] as const).map((country) => {
    const f = DEFAULT_FRAMES[country]
    return {
      country,
      event_id: null,
      name: f.name,
      image_url: `/images/demo/frames/${f.image}.svg`,
      background_color: f.background,
      accent_color: f.accent,
    }
  })
  for (const f of EVENT_FRAMES) {
    const event = events.find((e) => e.country === f.country && e.slug === f.slug)
    if (event) {
      frames.push({
        country: f.country,
        event_id: event.id,
        name: f.name,
        image_url: null,
        background_color: '#ffffff',
        accent_color: f.accent,
      })
    }
  }
  // A default frame may already exist (made in the back office before the demo loaded): keep it.
  await trx
    .insertInto('ticket_frames')
    .values(frames)
    .onConflict((oc) => oc.doNothing())
    .execute()
}
