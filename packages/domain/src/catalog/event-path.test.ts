import { describe, expect, it } from 'vitest'
import { eventPathOf } from './event-path.js'

describe('eventPathOf', () => {
  it('opens an inscription on its sign-up page', () => {
    expect(eventPathOf({ slug: 'carrera-10k-bogota-corre', type: 'INSCRIPTION' })).toBe(
      '/inscriptions/detail?event=carrera-10k-bogota-corre',
    )
  })
  it.each(['EVENT', 'FOOTBALL', 'SEASON_PASS', 'TOUR'])('opens a %s on the event page', (type) => {
    expect(eventPathOf({ slug: 'la-final', type })).toBe('/events/la-final')
  })
})
