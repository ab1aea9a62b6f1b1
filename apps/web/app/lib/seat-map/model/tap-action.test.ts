import { describe, expect, it } from 'vitest'
import { smallLayout } from './layout-fixtures'
import { PlaceStates } from './place-states'
import { tapActionFor } from './tap-action'
import { buildVenue } from './venue-model'

function setup(kind: 'Classic' | 'Tribune_selection' = 'Classic') {
  const venue = buildVenue({ ...smallLayout(), kind })
  const states = new PlaceStates(venue)
  // A: A-1..A-4 free, B-1 B-2 held, B-3 B-4 sold, C-1 C-2 blocked, C-3 C-4 free. GENERAL free, PARKING full.
  states.load({
    eventId: 'e',
    version: 1,
    sections: { A: 'A4H2S2B2A2', A_BOX: 'A2', B: 'A6', GENERAL: 'A5', PARKING: 'S3' },
  })
  return { venue, states }
}

describe('tap action', () => {
  it('toggles a free seat, and a selected one back', () => {
    const ctx = { ...setup(), selectedCount: 0 }
    expect(tapActionFor({ kind: 'seat', section: 0, place: 1 }, ctx)).toEqual({
      kind: 'toggle',
      key: 'A/A-2',
      row: 'A',
      seat: 2,
      section: 0,
      from: 'AVAILABLE',
    })
    ctx.states.setSelected(new Set(['A/A-2']))
    expect(tapActionFor({ kind: 'seat', section: 0, place: 1 }, ctx)).toMatchObject({
      kind: 'toggle',
      from: 'SELECTED',
    })
  })

  it('lets the fan release a seat of their own hold', () => {
    const ctx = { ...setup(), selectedCount: 0 }
    ctx.states.setMine(new Set(['A/B-1']))
    expect(tapActionFor({ kind: 'seat', section: 0, place: 4 }, ctx)).toMatchObject({
      kind: 'toggle',
      from: 'RESERVED',
    })
  })

  it('refuses seats that are held by others, sold or blocked, saying why', () => {
    const ctx = { ...setup(), selectedCount: 0 }
    expect(tapActionFor({ kind: 'seat', section: 0, place: 5 }, ctx)).toEqual({
      kind: 'refuse',
      row: 'B',
      seat: 2,
      state: 'RESERVED_BY_ANOTHER',
      restriction: 'EXCLUSIVE',
    })
    expect(tapActionFor({ kind: 'seat', section: 0, place: 6 }, ctx)).toMatchObject({ state: 'UNAVAILABLE' })
    expect(tapActionFor({ kind: 'seat', section: 0, place: 8 }, ctx)).toMatchObject({ state: 'UNAVAILABLE' })
  })

  it('stops at the maximum, but still lets a selected seat go', () => {
    const ctx = { ...setup(), selectedCount: 2, maxSelectable: 2 }
    ctx.states.setSelected(new Set(['A/A-1', 'A/A-2']))
    expect(tapActionFor({ kind: 'seat', section: 0, place: 2 }, ctx)).toEqual({ kind: 'limit', max: 2 })
    expect(tapActionFor({ kind: 'seat', section: 0, place: 0 }, ctx)).toMatchObject({ kind: 'toggle' })
  })

  it('zooms into a numbered section and picks an unnumbered one whole', () => {
    const ctx = { ...setup(), selectedCount: 0 }
    expect(tapActionFor({ kind: 'section', section: 0 }, ctx)).toEqual({ kind: 'zoom', section: 0 })
    expect(tapActionFor({ kind: 'section', section: 3 }, ctx)).toEqual({
      kind: 'pick',
      section: 3,
      sectionCode: 'GENERAL',
    })
    expect(tapActionFor({ kind: 'section', section: 4 }, ctx)).toEqual({ kind: 'soldOut', section: 4 })
    expect(tapActionFor(null, ctx)).toEqual({ kind: 'none' })
  })

  it('picks numbered sections whole in a Tribune_selection layout', () => {
    const ctx = { ...setup('Tribune_selection'), selectedCount: 0 }
    expect(tapActionFor({ kind: 'section', section: 0 }, ctx)).toMatchObject({
      kind: 'pick',
      sectionCode: 'A',
    })
  })
})
