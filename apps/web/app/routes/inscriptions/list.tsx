import { Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import { MutedText } from '../../components/ui/muted-text'
import { getEvent } from '../../features/catalog/api/get-event'
import { listInscriptions } from '../../features/inscription-catalog/api/list-inscriptions'
import { InscriptionCard } from '../../features/inscription-catalog/components/inscription-card'
import { placesLeftOf } from '../../features/inscription-catalog/model/categories'
import { LISTING_TABS, listingHref, listingTabOf } from '../../features/inscription-catalog/model/listings'
import type { Route } from './+types/list'

const pageOf = (url: URL) => {
  const page = Number(url.searchParams.get('page') ?? 0)
  return Number.isInteger(page) && page >= 0 ? page : 0
}

/**
 * `/inscriptions`: the country's open inscriptions (events of type INSCRIPTION), a page at a time, all of
 * them or one tab: races and tournaments, or courses and schools (spec §2 event page categories). The
 * list's cards carry no capacity, so each listed inscription's categories are read from its event answer
 * (cached by the API) to say how many places are left; one that cannot be read just says nothing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const page = pageOf(url)
  const tab = listingTabOf(url)
  const res = await listInscriptions(context.api, page, tab.listing)
  if (res.status !== 200) throw data(null, { status: 503 })
  const places = await Promise.all(
    res.data.content.map((card) =>
      getEvent(context.api, card.slug)
        .then((detail) => (detail.status === 200 ? placesLeftOf(detail.data.zones) : null))
        .catch(() => null),
    ),
  )
  return {
    list: res.data,
    cards: res.data.content.map((event, i) => ({ event, placesLeft: places[i] ?? null })),
    locale: context.locale,
    tab,
  }
}

export default function Inscriptions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('inscriptions')
  const { list, cards, locale, tab } = loaderData
  const href = (page: number) => listingHref(tab, page)
  return (
    <Container size="lg" py="xl">
      <title>{t('list.title')}</title>
      <meta name="description" content={t('list.lead')} />
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{t('list.heading')}</Title>
          <MutedText size="lg">{t('list.lead')}</MutedText>
        </Stack>
        <Group component="nav" aria-label={t('list.kinds')} gap="xs" data-testid="inscription-kinds">
          {LISTING_TABS.map((each) => (
            <Button
              key={each.kind ?? 'all'}
              component={Link}
              to={listingHref(each)}
              variant={each.kind === tab.kind ? 'filled' : 'default'}
              aria-current={each.kind === tab.kind ? 'page' : undefined}
              size="compact-md"
            >
              {t(`list.kind.${each.kind ?? 'all'}`)}
            </Button>
          ))}
        </Group>
        {cards.length === 0 ? (
          <Text role="status" data-testid="inscriptions-empty">
            {t(list.page > 0 ? 'list.pastLastPage' : 'list.empty')}
          </Text>
        ) : (
          <>
            <MutedText role="status">{t('list.count', { count: list.totalElements })}</MutedText>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" data-testid="inscription-list">
              {cards.map(({ event, placesLeft }, i) => (
                <InscriptionCard
                  key={event.id}
                  event={event}
                  placesLeft={placesLeft}
                  locale={locale}
                  priority={i < 2}
                />
              ))}
            </SimpleGrid>
          </>
        )}
        {list.totalPages > 1 && (
          <Group component="nav" aria-label={t('list.pagination')} justify="center" gap="md">
            {list.page > 0 && (
              <Button
                component={Link}
                to={href(Math.min(list.page, list.totalPages) - 1)}
                variant="default"
                rel="prev"
              >
                {t('list.previous')}
              </Button>
            )}
            {list.page < list.totalPages && (
              <Text aria-current="page">
                {t('list.pageOf', { page: list.page + 1, total: list.totalPages })}
              </Text>
            )}
            {list.page + 1 < list.totalPages && (
              <Button component={Link} to={href(list.page + 1)} variant="default" rel="next">
                {t('list.next')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Container>
  )
}
