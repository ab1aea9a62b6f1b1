import { flattenSections, placesIn } from '@palco/domain/seating/layout'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENGINES, openTestDatabase } from '../../test/test-db.js'
import type { DbHandle } from '../dialect.js'
import { localDateTime, seedDemoData } from './demo.js'
import {
  countSeats,
  generateStadiumLayout,
  generateTheatreLayout,
  type LayoutJson,
  type LayoutSection,
  sectionCodes,
} from './layouts.js'

const TABLES = [
  'app_meta',
  'venues',
  'layouts',
  'categories',
  'sport_organizations',
  'tours',
  'events',
  'price_zones',
  'event_product_items',
  'event_seats',
] as const

const REQUIRED_TYPES = [
  'FOOTBALL',
  'BASKETBALL',
  'CYCLING',
  'TENNIS',
  'EVENT',
  'TOUR',
  'SEASON_PASS',
  'EVENT_BUNDLE',
  'INSCRIPTION',
]

const WEEK_MS = 7 * 86_400_000

describe('layout generators', () => {
  it('are deterministic', () => {
    expect(JSON.stringify(generateStadiumLayout())).toBe(JSON.stringify(generateStadiumLayout()))
    expect(JSON.stringify(generateTheatreLayout())).toBe(JSON.stringify(generateTheatreLayout()))
    expect(JSON.stringify(generateStadiumLayout({ lang: 'en' }))).toBe(
      JSON.stringify(generateStadiumLayout({ lang: 'en' })),
    )
  })

  it('keep section codes identical across languages, so price zones map the same way', () => {
    expect(sectionCodes(generateStadiumLayout({ lang: 'en' }).data)).toEqual(
      sectionCodes(generateStadiumLayout({ lang: 'es' }).data),
    )
  })

  it('build a stadium of at least 40,000 places with standing ends and a car park', () => {
    const { data, seatCount } = generateStadiumLayout()
    const counts = countSeats(data)
    expect(counts.total).toBeGreaterThanOrEqual(40_000)
    expect(seatCount).toBe(counts.total)
    expect(counts.numbered).toBeGreaterThan(30_000)
    expect(counts.unnumbered).toBeGreaterThan(0)
    expect(counts.parking).toBeGreaterThan(0)
    expect(
      data.sections.some((s) => s.zoneType === 'GRANDSTAND' && !s.numbered && (s.capacity ?? 0) > 0),
    ).toBe(true)
    expect(data.sections.some((s) => s.zoneType === 'PARKING' && (s.capacity ?? 0) > 0)).toBe(true)
    for (const s of data.sections) expect(s.code).toMatch(/^[A-Z]+_[A-Z]+_SECCION_[A-Z0-9]+$/)
  })

  it('builds a theatre of 600–900 numbered seats with lettered rows', () => {
    const { data, seatCount } = generateTheatreLayout()
    expect(seatCount).toBeGreaterThanOrEqual(600)
    expect(seatCount).toBeLessThanOrEqual(900)
    expect(countSeats(data).unnumbered).toBe(0)
    for (const s of data.sections) for (const row of s.rows ?? []) expect(row.label).toMatch(/^[A-Z]+$/)
  })

  for (const [name, layout] of [
    ['stadium', generateStadiumLayout().data],
    ['theatre', generateTheatreLayout().data],
  ] as const) {
    describe(name, () => {
      it('has the palco.layout header and a canvas that contains every shape and seat', () => {
        expect(layout.format).toBe('palco.layout')
        expect(layout.version).toBe(1)
        expect(['Classic', 'Tribune_selection']).toContain(layout.kind)
        expect(['DEFAULT_STAGE', 'NUMBERED_STAGE', 'UNNUMBERED_STAGE']).toContain(layout.stage.type)
        const inside = (x: number, y: number) =>
          x >= 0 && y >= 0 && x <= layout.canvas.width && y <= layout.canvas.height
        expect(inside(layout.stage.x, layout.stage.y)).toBe(true)
        expect(inside(layout.stage.x + layout.stage.width, layout.stage.y + layout.stage.height)).toBe(true)
        for (const s of layout.sections) {
          expect(s.shape.type).toBe('path')
          expect(s.shape.points.length).toBeGreaterThanOrEqual(6)
          for (let i = 0; i < s.shape.points.length; i += 2) {
            expect(inside(s.shape.points[i] as number, s.shape.points[i + 1] as number)).toBe(true)
          }
          for (const row of s.rows ?? []) {
            for (const [, x, y] of row.seats) expect(inside(x, y)).toBe(true)
          }
        }
      })

      it('has unique section codes, unique row labels and unique seat codes', () => {
        const codes = sectionCodes(layout)
        expect(new Set(codes).size).toBe(codes.length)
        for (const s of layout.sections) {
          const labels = (s.rows ?? []).map((r) => r.label)
          expect(new Set(labels).size).toBe(labels.length)
          const seatCodes = (s.rows ?? []).flatMap((r) => r.seats.map(([n]) => `${r.label}-${n}`))
          expect(new Set(seatCodes).size).toBe(seatCodes.length)
        }
      })

      it('gives numbered sections seats and unnumbered sections a capacity, never both', () => {
        for (const s of layout.sections) {
          if (s.numbered) {
            expect(s.capacity).toBeUndefined()
            expect((s.rows ?? []).reduce((n, r) => n + r.seats.length, 0)).toBeGreaterThan(0)
          } else {
            expect(s.rows).toBeUndefined()
            expect(Number.isInteger(s.capacity)).toBe(true)
          }
          for (const row of s.rows ?? []) {
            for (const seat of row.seats) expect(seat.every(Number.isInteger)).toBe(true)
          }
        }
      })

      it('never puts two seats on the same spot', () => {
        const spots = new Set<string>()
        let seats = 0
        for (const s of layout.sections) {
          for (const row of s.rows ?? []) {
            for (const [, x, y] of row.seats) {
              spots.add(`${x},${y}`)
              seats++
            }
          }
        }
        expect(spots.size).toBe(seats)
      })
    })
  }

  it('counts nested sections too', () => {
    const section = (code: string, over: Partial<LayoutSection>): LayoutSection => ({
      code,
      name: code,
      color: '#000000',
      disabled: false,
      zoneType: 'GRANDSTAND',
      numbered: false,
      viewDirection: 'NORTH',
      shape: { type: 'path', points: [0, 0, 1, 0, 1, 1] },
      ...over,
    })
    const layout: Pick<LayoutJson, 'sections'> = {
      sections: [
        section('A', {
          capacity: 100,
          sections: [section('B', { numbered: true, rows: [{ label: '1', seats: [[1, 0, 0]] }] })],
        }),
        section('P', { zoneType: 'PARKING', capacity: 50 }),
      ],
    }
    expect(countSeats(layout)).toEqual({ numbered: 1, unnumbered: 100, total: 101, parking: 50 })
  })
})

describe('localDateTime', () => {
  it('reads the wall clock in the venue time zone', () => {
    const now = new Date('2026-03-01T12:00:00Z')
    expect(localDateTime(now, 10, '19:30', 'America/Bogota').toISOString()).toBe('2026-03-12T00:30:00.000Z')
    expect(localDateTime(now, 10, '19:30', 'America/Mexico_City').toISOString()).toBe(
      '2026-03-12T01:30:00.000Z',
    )
    expect(localDateTime(now, 0, '07:00', 'America/Monterrey').toISOString()).toBe('2026-03-01T13:00:00.000Z')
  })

  it('uses the venue’s local date, not the UTC one', () => {
    // 03:00 UTC on the 2nd is still the evening of the 1st in Bogotá.
    const now = new Date('2026-03-02T03:00:00Z')
    expect(localDateTime(now, 1, '10:00', 'America/Bogota').toISOString()).toBe('2026-03-02T15:00:00.000Z')
  })
})

describe.each(ENGINES)('seedDemoData (%s)', (engine) => {
  let handle: DbHandle
  const now = new Date('2026-05-04T15:00:00Z')

  const countAll = async () => {
    const out: Record<string, number> = {}
    for (const t of TABLES) {
      const row = await handle.db
        .selectFrom(t)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      out[t] = Number(row.n)
    }
    return out
  }

  beforeAll(async () => {
    handle = await openTestDatabase(engine)
  })
  afterAll(async () => {
    await handle?.close()
  })

  it('seeds once and is a no-op the second time', async () => {
    expect(await seedDemoData(handle.db, now)).toBe(true)
    const first = await countAll()
    expect(first.events).toBeGreaterThan(0)
    expect(await seedDemoData(handle.db, now)).toBe(false)
    expect(await seedDemoData(handle.db)).toBe(false)
    expect(await countAll()).toEqual(first)
    expect(first.categories).toBe(4)
    expect(first.app_meta).toBe(1)
    // Writing ~370,000 places takes 5–20 s on a busy two-core machine: more than the default 30 s allows
    // when every suite runs at once.
  }, 120_000)

  it('gives each country every event type, a tour with ≥3 dates and products with items', async () => {
    const events = await handle.db.selectFrom('events').selectAll().execute()
    for (const country of ['COL', 'MEX']) {
      const mine = events.filter((e) => e.country === country)
      const types = new Set(mine.map((e) => e.type))
      for (const t of REQUIRED_TYPES) expect(types, `${country} ${t}`).toContain(t)
      expect(mine.filter((e) => e.type === 'FOOTBALL')).toHaveLength(2)

      const byTour = new Map<string, number>()
      for (const e of mine.filter((e) => e.type === 'TOUR')) {
        expect(e.tour_id).not.toBeNull()
        byTour.set(e.tour_id as string, (byTour.get(e.tour_id as string) ?? 0) + 1)
      }
      expect(Math.max(...byTour.values())).toBeGreaterThanOrEqual(3)

      expect(new Set(mine.map((e) => e.slug)).size).toBe(mine.length)
      for (const e of mine) {
        expect(e.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
        expect(e.currency).toBe(country === 'COL' ? 'COP' : 'MXN')
        expect(e.status).toBe('PUBLISHED')
        expect(e.visibility).toBe('ALL')
        // Sign-ups are listed on /inscriptions (a course among courses); one event is sold from its
        // organiser's website (spec §2 event page categories).
        if (e.type === 'INSCRIPTION') expect(['INSCRIPTION', 'ENROLLMENTS']).toContain(e.page_category)
        else expect(['HOME', 'WEB_ODE']).toContain(e.page_category)
        expect(e.category_id).not.toBeNull()
      }
      expect(mine.filter((e) => e.installments_enabled).length).toBeGreaterThanOrEqual(3)
      for (const category of ['ENROLLMENTS', 'WEB_ODE'])
        expect(
          mine.filter((e) => e.page_category === category),
          `${country} ${category}`,
        ).toHaveLength(1)
    }
  })

  it('places events 2–20 weeks ahead, on sale now, with sales closing at the start', async () => {
    const events = await handle.db.selectFrom('events').selectAll().execute()
    for (const e of events) {
      const starts = new Date(e.starts_at).getTime()
      const ends = new Date(e.ends_at).getTime()
      expect(starts - now.getTime()).toBeGreaterThanOrEqual(2 * WEEK_MS)
      expect(starts - now.getTime()).toBeLessThanOrEqual(20 * WEEK_MS)
      expect(new Date(e.on_sale_at).getTime()).toBeLessThan(now.getTime())
      expect(new Date(e.off_sale_at).getTime()).toBe(starts)
      expect(ends).toBeGreaterThan(starts)
      if (e.type !== 'SEASON_PASS' && e.type !== 'EVENT_BUNDLE') {
        expect(ends - starts).toBeGreaterThanOrEqual(2 * 3_600_000)
        expect(ends - starts).toBeLessThanOrEqual(3 * 3_600_000)
      }
    }
  })

  it('lists the included events of every season pass and bundle, inside the product’s dates', async () => {
    const products = await handle.db
      .selectFrom('events')
      .selectAll()
      .where('type', 'in', ['SEASON_PASS', 'EVENT_BUNDLE'])
      .execute()
    expect(products).toHaveLength(4)
    for (const p of products) {
      const included = await handle.db
        .selectFrom('event_product_items as i')
        .innerJoin('events as e', 'e.id', 'i.event_id')
        .select(['e.country', 'e.starts_at', 'e.ends_at', 'e.type'])
        .where('i.product_id', '=', p.id)
        .execute()
      expect(included.length).toBeGreaterThanOrEqual(2)
      for (const e of included) {
        expect(e.country).toBe(p.country)
        expect(['SEASON_PASS', 'EVENT_BUNDLE']).not.toContain(e.type)
        expect(new Date(e.starts_at).getTime()).toBeGreaterThanOrEqual(new Date(p.starts_at).getTime())
        expect(new Date(e.ends_at).getTime()).toBeLessThanOrEqual(new Date(p.ends_at).getTime())
      }
    }
  })

  it('stores a ≥40,000-place stadium per country with standing sections and parking', async () => {
    const stadiums = await handle.db
      .selectFrom('layouts as l')
      .innerJoin('venues as v', 'v.id', 'l.venue_id')
      .select(['v.country', 'v.stadium_code', 'v.time_zone', 'l.data', 'l.seat_count', 'l.kind'])
      .where('v.stadium_code', 'is not', null)
      .execute()
    expect(stadiums.map((s) => s.country).sort()).toEqual(['COL', 'MEX'])
    for (const s of stadiums) {
      const data = s.data as unknown as LayoutJson
      expect(['ATS', 'SAN', 'IFC', 'OSW']).toContain(s.stadium_code)
      expect(s.kind).toBe(data.kind)
      const counts = countSeats(data)
      expect(counts.total).toBeGreaterThanOrEqual(40_000)
      expect(s.seat_count).toBe(counts.total)
      expect(data.sections.some((x) => !x.numbered && x.zoneType === 'GRANDSTAND')).toBe(true)
      expect(data.sections.some((x) => x.zoneType === 'PARKING')).toBe(true)
    }
  })

  it('maps every zone of a mapped event onto sections that exist in its layout', async () => {
    const rows = await handle.db
      .selectFrom('price_zones as z')
      .innerJoin('events as e', 'e.id', 'z.event_id')
      .select(['e.slug', 'e.type', 'e.layout_id', 'z.name', 'z.section_codes', 'z.numbered', 'z.capacity'])
      .where('e.layout_id', 'is not', null)
      .execute()
    // Each stadium document is ~0.5 MB: read each layout once, not once per zone.
    const layouts = new Map(
      (await handle.db.selectFrom('layouts').select(['id', 'data']).execute()).map((l) => [
        l.id,
        l.data as unknown as LayoutJson,
      ]),
    )
    expect(rows.some((r) => r.type === 'FOOTBALL')).toBe(true)
    const seen = new Map<string, Set<string>>()
    for (const r of rows) {
      const data = layouts.get(r.layout_id as string) as LayoutJson
      const byCode = new Map(data.sections.map((s) => [s.code, s]))
      expect(r.section_codes.length, `${r.slug} / ${r.name}`).toBeGreaterThan(0)
      const taken = seen.get(r.slug) ?? new Set<string>()
      seen.set(r.slug, taken)
      for (const code of r.section_codes) {
        expect(byCode.has(code), `${r.slug} / ${r.name}: ${code}`).toBe(true)
        // A section sold by two zones of the same event would have two prices.
        expect(taken.has(code), `${r.slug}: ${code} in two zones`).toBe(false)
        taken.add(code)
      }
      const sections = r.section_codes.map((c) => byCode.get(c) as LayoutSection)
      expect(r.numbered).toBe(sections.every((s) => s.numbered))
      if (!r.numbered) expect(r.capacity).toBe(sections.reduce((n, s) => n + (s.capacity ?? 0), 0))
    }
    // Football matches sell the whole ground, parking included.
    for (const r of rows.filter((x) => x.type === 'FOOTBALL')) {
      const all = sectionCodes(layouts.get(r.layout_id as string) as LayoutJson)
      expect(seen.get(r.slug)?.size).toBe(all.length)
    }
  })

  it('stores integer, non-negative prices with one free zone, and capacities where there is no map', async () => {
    const zones = await handle.db
      .selectFrom('price_zones as z')
      .innerJoin('events as e', 'e.id', 'z.event_id')
      .select([
        'z.price_amount',
        'z.capacity',
        'z.section_codes',
        'z.per_fan_max',
        'z.zone_type',
        'e.country',
      ])
      .execute()
    for (const z of zones) {
      expect(typeof z.price_amount).toBe('number')
      expect(Number.isInteger(z.price_amount)).toBe(true)
      expect(z.price_amount).toBeGreaterThanOrEqual(0)
      expect(z.per_fan_max).toBeGreaterThan(0)
      if (z.section_codes.length === 0) expect(z.capacity).toBeGreaterThan(0)
    }
    for (const country of ['COL', 'MEX']) {
      expect(zones.some((z) => z.country === country && z.price_amount === 0)).toBe(true)
      expect(zones.some((z) => z.country === country && z.zone_type === 'PARKING')).toBe(true)
    }
  })

  it('prices football in realistic ranges (COP 45.000–450.000 and MXN 250–2,500 before the final’s markup)', async () => {
    const zones = await handle.db
      .selectFrom('price_zones as z')
      .innerJoin('events as e', 'e.id', 'z.event_id')
      .select(['z.price_amount', 'z.zone_type', 'e.currency'])
      .where('e.type', '=', 'FOOTBALL')
      .where('z.zone_type', '=', 'GRANDSTAND')
      .execute()
    for (const z of zones) {
      const [min, max] = z.currency === 'COP' ? [4_500_000, 60_000_000] : [25_000, 350_000]
      expect(z.price_amount).toBeGreaterThanOrEqual(min)
      expect(z.price_amount).toBeLessThanOrEqual(max)
    }
  })

  // Issue 13 defect 7: a stadium's places used to be written by its first seat map (2–7 s of waiting).
  it('makes every place of every demo event as it seeds, before any seat map asks for them', async () => {
    const events = await handle.db
      .selectFrom('events as e')
      .leftJoin('layouts as l', 'l.id', 'e.layout_id')
      .select(['e.id', 'e.slug', 'e.type', 'l.data'])
      .execute()
    const zones = await handle.db
      .selectFrom('price_zones')
      .select(['event_id', 'capacity', 'section_codes'])
      .execute()
    const places = await handle.db
      .selectFrom('event_seats')
      .select((eb) => ['event_id', eb.fn.countAll<number>().as('n')])
      .groupBy('event_id')
      .execute()
    const made = new Map(places.map((p) => [p.event_id, Number(p.n)]))
    for (const e of events) {
      // One row per place of the layout (car park included), plus one per slot of each zone sold without a map.
      const mapped = e.data
        ? flattenSections((e.data as unknown as LayoutJson).sections as never).reduce(
            (n, s) => n + placesIn(s),
            0,
          )
        : 0
      const unmapped = zones
        .filter((z) => z.event_id === e.id && z.section_codes.length === 0)
        .reduce((n, z) => n + (z.capacity ?? 0), 0)
      expect(made.get(e.id) ?? 0, e.slug).toBe(mapped + unmapped)
      expect(mapped + unmapped, e.slug).toBeGreaterThan(0)
    }
    const stadiumMatches = events.filter((e) => e.type === 'FOOTBALL')
    expect(stadiumMatches.length).toBeGreaterThan(0)
    for (const e of stadiumMatches) expect(made.get(e.id), e.slug).toBeGreaterThanOrEqual(40_000)
  })

  it('uses each country’s time zones and the four stadium team codes', async () => {
    const venues = await handle.db.selectFrom('venues').selectAll().execute()
    for (const v of venues) {
      if (v.country === 'COL') expect(v.time_zone).toBe('America/Bogota')
      else expect(['America/Mexico_City', 'America/Monterrey']).toContain(v.time_zone)
    }
    const orgs = await handle.db.selectFrom('sport_organizations').select(['country', 'code']).execute()
    expect(orgs.map((o) => `${o.country}:${o.code}`).sort()).toEqual([
      'COL:ATS',
      'COL:SAN',
      'MEX:IFC',
      'MEX:OSW',
    ])
  })
})
