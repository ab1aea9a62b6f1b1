import type { Role } from '@palco/domain/people/vocabulary'

export interface NavItem {
  to: string
  /** The `common` namespace's key of its label. */
  key: string
  end: boolean
}

/** The fans' site: the header's links on every public page. */
export const FAN_NAV: readonly NavItem[] = [
  { to: '/', key: 'nav.home', end: true },
  { to: '/tours', key: 'nav.tours', end: false },
  { to: '/inscriptions', key: 'nav.inscriptions', end: false },
  { to: '/my-tickets', key: 'nav.myTickets', end: false },
  { to: '/faqs', key: 'nav.faqs', end: false },
]

const ORGANISER_PAGES: readonly NavItem[] = [
  { to: '/backoffice/dashboard', key: 'nav.dashboard', end: false },
  { to: '/backoffice/events', key: 'nav.events', end: false },
  { to: '/backoffice/orders', key: 'nav.orders', end: false },
  { to: '/backoffice/promo-codes', key: 'nav.promoCodes', end: false },
  { to: '/backoffice/inscriptions', key: 'nav.inscriptionForms', end: false },
  { to: '/backoffice/paguitos', key: 'nav.paguitosPlans', end: false },
  // Owners manage it; other staff find there who their owners are to ask (issue 43 part 1).
  { to: '/backoffice/staff', key: 'nav.staff', end: false },
]
const PLATFORM_PAGES: readonly NavItem[] = [
  { to: '/backoffice/box-office', key: 'nav.boxOfficeReports', end: false },
  { to: '/backoffice/operators', key: 'nav.boxOfficeOperators', end: false },
]
const LAYOUT_PAGES: readonly NavItem[] = [
  { to: '/backoffice/layout_editor', key: 'nav.layoutEditor', end: false },
]

/**
 * The back office's own navigation (issue 43 part 7): the pages this person's roles open, and no fans' links.
 * Admins hold every role; organisers' staff run their events, orders and codes; layout editors draw venues.
 */
export function backOfficeNav(roles: readonly Role[]): NavItem[] {
  const admin = roles.includes('admin')
  return [
    ...(admin || roles.includes('organiser') ? ORGANISER_PAGES : []),
    ...(admin ? PLATFORM_PAGES : []),
    ...(roles.includes('layout_editor') ? LAYOUT_PAGES : []),
  ]
}
