import { describe, expect, it } from 'vitest'
import { ageOn, birthDateOf, fitsAgeRule, participantNameOf } from './participants.js'

const d = (year: number, month: number, day: number) => ({ year, month, day })

describe('a participant of an inscription', () => {
  it('is as old as their birthdays passed on the event date, the birthday itself included', () => {
    expect(ageOn(d(2008, 3, 14), d(2026, 3, 14))).toBe(18)
    expect(ageOn(d(2008, 3, 14), d(2026, 3, 13))).toBe(17)
    expect(ageOn(d(2008, 12, 31), d(2026, 1, 1))).toBe(17)
    // Born on 29 February: 18 on 1 March of a year without one, not on 28 February.
    expect(ageOn(d(2008, 2, 29), d(2026, 2, 28))).toBe(17)
    expect(ageOn(d(2008, 2, 29), d(2026, 3, 1))).toBe(18)
  })

  it('fits an age rule within its bounds, each bound optional', () => {
    expect(fitsAgeRule(18, { minAge: 18, maxAge: null })).toBe(true)
    expect(fitsAgeRule(17, { minAge: 18, maxAge: null })).toBe(false)
    expect(fitsAgeRule(12, { minAge: null, maxAge: 12 })).toBe(true)
    expect(fitsAgeRule(13, { minAge: null, maxAge: 12 })).toBe(false)
    expect(fitsAgeRule(99, { minAge: null, maxAge: null })).toBe(true)
  })

  it('reads the birth date and the name the ticket prints from fixed fields', () => {
    expect(birthDateOf({ birth_date: '2010-05-02' })).toEqual(d(2010, 5, 2))
    expect(birthDateOf({ birth_date: 'mayo' })).toBeUndefined()
    expect(birthDateOf({})).toBeUndefined()
    expect(participantNameOf({ full_name: '  Ana Gómez ' })).toBe('Ana Gómez')
    expect(participantNameOf({ first_name: 'Luis', last_name: 'Pérez' })).toBe('Luis Pérez')
    expect(participantNameOf({ first_name: 'Luis' })).toBe('Luis')
    expect(participantNameOf({})).toBe('')
  })
})
