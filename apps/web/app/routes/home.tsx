import { Container, Stack, Title } from '@mantine/core'
import type { EventPage } from '@palco/domain/catalog/event-card'
import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import { MutedText } from '../components/ui/muted-text'
import { getCategories } from '../features/home/api/get-categories'
import { getCategorized } from '../features/home/api/get-categorized'
import { getSportOrganizations } from '../features/home/api/get-sport-organizations'
import { searchEvents } from '../features/home/api/search-events'
import { EventCard } from '../features/home/components/event-card'
import { HomeSection } from '../features/home/components/home-section'
import { SearchForm } from '../features/home/components/search-form'
import { SearchResults } from '../features/home/components/search-results'
import { TourCard } from '../features/home/components/tour-card'
import { readHomeSearch, searchQueryString } from '../features/home/model/search-filters'
import type { Route } from './+types/home'

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = readHomeSearch(new URL(request.url).searchParams)
  const [categories, organizations] = await Promise.all([
    getCategories(context.api),
    getSportOrganizations(context.api),
  ])
  const choices = {
    categories: categories.status === 200 ? categories.data : [],
    organizations: organizations.status === 200 ? organizations.data : [],
  }
  const base = { search, ...choices, locale: context.locale, country: context.country }
  if (search.active) {
    // A filter the API would refuse is reported on the page rather than as an error page.
    let results: EventPage | null = null
    if (!search.invalid) {
      const res = await searchEvents(context.api, searchQueryString(search.filters, search.page))
      if (res.status === 200) results = res.data
      else if (res.status >= 500) throw data(null, { status: 503 })
    }
    return { ...base, results, sections: null }
  }
  const res = await getCategorized(context.api)
  if (res.status !== 200) throw data(null, { status: 503 })
  return { ...base, results: null, sections: res.data }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('home')
  const { sections, locale, country, search, results } = loaderData
  return (
    <Container size="lg" py="xl">
      <title>{t('title')}</title>
      <meta name="description" content={t('description')} />
      {search.active && <meta name="robots" content="noindex" />}
      <Stack gap={48}>
        <Stack gap="md">
          <Stack gap="xs">
            <Title order={1}>{t('heading')}</Title>
            <MutedText size="lg">{t(`lead.${country}`)}</MutedText>
          </Stack>
          <SearchForm
            // The fields are uncontrolled (a plain GET form that works before hydration), so they would keep
            // a previous search's values when the URL changes in the page — "Quitar filtros", the back
            // button — and the next search carried the old team along (issue 13). A new URL, a new form.
            key={searchQueryString(search.filters, 0)}
            filters={search.filters}
            categories={loaderData.categories}
            organizations={loaderData.organizations}
            active={search.active}
          />
        </Stack>
        {sections === null ? (
          <SearchResults results={results} filters={search.filters} locale={locale} />
        ) : (
          <>
            <HomeSection id="events" title={t('sections.events')} empty={t('empty')}>
              {sections.events.map((e, i) => (
                <EventCard key={e.id} event={e} locale={locale} section="events" priority={i < 2} />
              ))}
            </HomeSection>
            <HomeSection id="tour" title={t('sections.tour')} empty={t('empty')}>
              {sections.tour.map((tour) => (
                <TourCard key={tour.id} tour={tour} locale={locale} />
              ))}
            </HomeSection>
            <HomeSection id="paguitos" title={t('sections.paguitos')} empty={t('empty')}>
              {sections.paguitos.map((e) => (
                <EventCard key={e.id} event={e} locale={locale} section="paguitos" />
              ))}
            </HomeSection>
          </>
        )}
      </Stack>
    </Container>
  )
}
