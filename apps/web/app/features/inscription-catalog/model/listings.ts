import type { EventPageCategory, SignUpListing } from '@palco/domain/catalog/vocabulary'

/**
 * The tabs of `/inscriptions` (spec §2 event page categories): every sign-up, races and tournaments
 * (INSCRIPTION) or courses and schools (ENROLLMENTS), named in the address as `?kind=`.
 */
export const LISTING_TABS = [
  { kind: null, listing: undefined },
  { kind: 'races', listing: 'INSCRIPTION' },
  { kind: 'courses', listing: 'ENROLLMENTS' },
] as const satisfies readonly { kind: string | null; listing: SignUpListing | undefined }[]
export type ListingTab = (typeof LISTING_TABS)[number]

/** The tab an address asks for; an unknown `kind` is the whole list, as a stale link should be. */
export function listingTabOf(url: URL): ListingTab {
  const kind = url.searchParams.get('kind')
  return LISTING_TABS.find((tab) => tab.kind === kind) ?? LISTING_TABS[0]
}

/** A page of one tab's list; the first page of "all" is the bare `/inscriptions`. */
export function listingHref(tab: ListingTab, page = 0): string {
  const query = new URLSearchParams()
  if (tab.kind) query.set('kind', tab.kind)
  if (page > 0) query.set('page', String(page))
  const qs = query.toString()
  return qs ? `/inscriptions?${qs}` : '/inscriptions'
}

/** Where an inscription's page leads back to: the tab that lists it. */
export function listingPathOf(pageCategory: EventPageCategory): string {
  return listingHref(LISTING_TABS.find((tab) => tab.listing === pageCategory) ?? LISTING_TABS[0])
}
