import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { EventPage } from '@palco/domain/catalog/event-card'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { MutedText } from '../../../components/ui/muted-text'
import { type HomeFilters, searchQueryString } from '../model/search-filters'
import { EventCard } from './event-card'

/** Filtered events, one page at a time; pages are plain links so they work without JavaScript. */
export function SearchResults(props: { results: EventPage | null; filters: HomeFilters; locale: Locale }) {
  const { t } = useTranslation('home')
  const { results, filters } = props
  const href = (page: number) => {
    const qs = searchQueryString(filters, page)
    return qs ? `/?${qs}` : '/'
  }
  return (
    <Stack component="section" aria-labelledby="section-results" gap="md" data-testid="search-results">
      <Title order={2} id="section-results">
        {t('search.results')}
      </Title>
      {results === null ? (
        <Text role="status">{t('search.invalid')}</Text>
      ) : results.totalElements === 0 ? (
        <Text role="status">{t('search.noResults')}</Text>
      ) : (
        <>
          <MutedText role="status">{t('search.count', { count: results.totalElements })}</MutedText>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
            {results.content.map((e) => (
              <EventCard key={e.id} event={e} locale={props.locale} section="results" />
            ))}
          </SimpleGrid>
          {results.totalPages > 1 && (
            <Group component="nav" aria-label={t('search.pagination')} justify="center" gap="md">
              {results.page > 0 && (
                <Button component={Link} to={href(results.page - 1)} variant="default" rel="prev">
                  {t('search.previous')}
                </Button>
              )}
              <Text aria-current="page">
                {t('search.pageOf', { page: results.page + 1, total: results.totalPages })}
              </Text>
              {results.page + 1 < results.totalPages && (
                <Button component={Link} to={href(results.page + 1)} variant="default" rel="next">
                  {t('search.next')}
                </Button>
              )}
            </Group>
          )}
        </>
      )}
    </Stack>
  )
}
