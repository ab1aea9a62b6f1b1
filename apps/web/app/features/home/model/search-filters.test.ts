import { describe, expect, it } from 'vitest'
import { readHomeSearch, searchQueryString } from './search-filters'

describe('readHomeSearch', () => {
  it.each<[string, ReturnType<typeof readHomeSearch>]>([
    ['', { filters: {}, page: 0, invalid: false, active: false }],
    ['q=&category=&sport=', { filters: {}, page: 0, invalid: false, active: false }],
    ['q=salsa', { filters: { q: 'salsa' }, page: 0, invalid: false, active: true }],
    [
      'q=+gira+&category=conciertos&sport=SAN&page=2',
      { filters: { q: 'gira', category: 'conciertos', sport: 'SAN' }, page: 2, invalid: false, active: true },
    ],
    ['page=3', { filters: {}, page: 3, invalid: false, active: false }],
    ['category=Not+A+Slug', { filters: { category: 'Not A Slug' }, page: 0, invalid: true, active: true }],
    ['sport=x&page=-1', { filters: { sport: 'x' }, page: 0, invalid: true, active: true }],
    ['utm_source=mail', { filters: {}, page: 0, invalid: false, active: false }],
  ])('%j', (query, expected) => {
    expect(readHomeSearch(new URLSearchParams(query))).toEqual(expected)
  })
})

describe('searchQueryString', () => {
  it('keeps the filters and leaves page 0 out', () => {
    expect(searchQueryString({ q: 'gira bogotá', sport: 'SAN' }, 0)).toBe('q=gira+bogot%C3%A1&sport=SAN')
    expect(searchQueryString({ category: 'teatro' }, 2)).toBe('category=teatro&page=2')
    expect(searchQueryString({}, 0)).toBe('')
  })
})
