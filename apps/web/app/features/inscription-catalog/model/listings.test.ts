import { describe, expect, it } from 'vitest'
import { LISTING_TABS, listingHref, listingPathOf, listingTabOf } from './listings'

const at = (path: string) => new URL(path, 'http://localhost:3000')

describe('sign-up listings', () => {
  it('reads the tab from the address, an unknown one being the whole list', () => {
    expect(listingTabOf(at('/inscriptions')).listing).toBeUndefined()
    expect(listingTabOf(at('/inscriptions?kind=races')).listing).toBe('INSCRIPTION')
    expect(listingTabOf(at('/inscriptions?kind=courses&page=2')).listing).toBe('ENROLLMENTS')
    expect(listingTabOf(at('/inscriptions?kind=concerts')).listing).toBeUndefined()
  })

  it('keeps the tab across pages and leads an inscription back to its tab', () => {
    const [all, races, courses] = LISTING_TABS
    expect(listingHref(all)).toBe('/inscriptions')
    expect(listingHref(all, 2)).toBe('/inscriptions?page=2')
    expect(listingHref(courses, 1)).toBe('/inscriptions?kind=courses&page=1')
    expect(listingHref(races)).toBe('/inscriptions?kind=races')
    expect(listingPathOf('ENROLLMENTS')).toBe('/inscriptions?kind=courses')
    expect(listingPathOf('HOME')).toBe('/inscriptions')
  })
})
