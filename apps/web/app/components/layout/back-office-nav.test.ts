import { describe, expect, it } from 'vitest'
import { backOfficeNav } from './back-office-nav'

const paths = (roles: Parameters<typeof backOfficeNav>[0]) => backOfficeNav(roles).map((i) => i.to)

describe('the back office’s navigation', () => {
  it('gives organisers their events, orders and codes, and not the platform’s pages', () => {
    expect(paths(['fan', 'organiser'])).toEqual([
      '/backoffice/dashboard',
      '/backoffice/events',
      '/backoffice/orders',
      '/backoffice/promo-codes',
      '/backoffice/inscriptions',
      '/backoffice/paguitos',
      '/backoffice/staff',
    ])
  })
  it('gives admins every page, and layout editors their venues only', () => {
    expect(paths(['fan', 'operator', 'admin', 'layout_editor'])).toContain('/backoffice/box-office')
    expect(paths(['fan', 'operator', 'admin', 'layout_editor'])).toContain('/backoffice/layout_editor')
    expect(paths(['fan', 'layout_editor'])).toEqual(['/backoffice/layout_editor'])
    expect(paths(['fan'])).toEqual([])
  })
})
