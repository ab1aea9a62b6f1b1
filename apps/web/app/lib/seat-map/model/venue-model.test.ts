import type { Layout } from '@palco/domain/seating/layout'
import { describe, expect, it } from 'vitest'
import { gridSection, smallLayout } from './layout-fixtures'
import { zoneOf } from './seat-map-zone'
import { drawOrderOf, sectionAt } from './section-hit'
import { buildVenue, placeIndexOf, seatAt, shortLabelOf } from './venue-model'

describe('venue model', () => {
  const venue = buildVenue(smallLayout())

  it('flattens sections depth first, the order availability is encoded in', () => {
    expect(venue.sections.map((s) => s.code)).toEqual(['A', 'A_BOX', 'B', 'GENERAL', 'PARKING'])
    expect(venue.sections.map((s) => s.depth)).toEqual([0, 1, 0, 0, 0])
    expect(venue.sections.map((s) => s.placeCount)).toEqual([12, 2, 6, 5, 3])
    expect(venue.sections.map((s) => s.seatOffset)).toEqual([0, 12, 14, 20, 20])
    expect(venue.numberedSeats).toBe(20)
  })

  it('keeps seat coordinates, rows and numbers by place index', () => {
    const a = venue.sections[0]
    if (!a) throw new Error('no section')
    expect([a.xs[6], a.ys[6]]).toEqual([120, 110])
    expect(seatAt(a, 6)).toEqual({ row: 'B', seat: 3 })
    expect(placeIndexOf(a, 'B', 3)).toBe(6)
    expect(placeIndexOf(a, 'Z', 1)).toBe(-1)
    expect([...a.rowStart]).toEqual([0, 4, 8, 12])
    expect(a.half).toBe(4)
  })

  it('maps restrictions onto places', () => {
    const a = venue.sections[0]
    expect(a?.restriction?.[0]).toBe(1)
    expect(a?.restriction?.[5]).toBe(2)
    expect(a?.restriction?.[1]).toBe(0)
    expect(venue.sections[2]?.restriction).toBeNull()
  })

  it('bounds everything drawn, stage included', () => {
    expect(venue.bounds.minX).toBe(0)
    expect(venue.bounds.minY).toBe(0)
    expect(venue.bounds.maxX).toBe(700)
    expect(venue.bounds.maxY).toBe(400)
  })

  it('shortens section names to what fits on the map', () => {
    expect(shortLabelOf('Norte Alta · Sección 221')).toBe('221')
    expect(shortLabelOf('Parqueadero · P1')).toBe('P1')
    expect(shortLabelOf('Campo · VIP')).toBe('VIP')
    expect(shortLabelOf('Platea izquierda')).toBe('Platea izquierda')
  })
})

describe('section hit test', () => {
  const layout: Layout = {
    ...smallLayout(),
    sections: [
      gridSection('OUTER', { x: 0, y: 0 }, 10, 10, 10, {
        sections: [gridSection('INNER', { x: 30, y: 30 }, 2, 2, 10)],
      }),
      gridSection('OTHER', { x: 200, y: 0 }, 2, 2, 10),
    ],
  }
  const venue = buildVenue(layout)
  const order = drawOrderOf(venue)

  it('finds the section whose polygon holds the point, nested sections first', () => {
    expect(sectionAt(order, 5, 5)?.code).toBe('OUTER')
    expect(sectionAt(order, 35, 35)?.code).toBe('INNER')
    expect(sectionAt(order, 205, 5)?.code).toBe('OTHER')
  })

  it('finds nothing between sections', () => {
    expect(sectionAt(order, 150, 5)).toBeNull()
    expect(sectionAt(order, -20, -20)).toBeNull()
  })
})

describe('zones', () => {
  it('fall back to the enclosing section', () => {
    const venue = buildVenue(smallLayout())
    const zone = {
      zoneId: 'z',
      name: 'Zona A',
      price: { amount: 100, currency: 'COP' as const },
      color: '#000',
    }
    expect(zoneOf(venue, 1, { A: zone })).toBe(zone)
    expect(zoneOf(venue, 2, { A: zone })).toBeUndefined()
  })
})
