import { Anchor, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { OperatorEvents } from '@palco/domain/box-office/contract'
import { useTranslation } from 'react-i18next'
import { data, Link, redirect } from 'react-router'
import { MutedText } from '../../components/ui/muted-text'
import { counterPathOf, isCounterPath } from '../../features/box-office/model/counter-paths'
import { sellsEvent } from '../../features/box-office/model/operator-events'
import { getTour } from '../../features/catalog/api/get-tour'
import { CatalogError } from '../../features/catalog/components/catalog-error'
import { TourDateCard } from '../../features/catalog/components/tour-date-card'
import type { Route } from './+types/tour-select'

/**
 * `/checkout/tour/select?tour=<slug>`: a tour's dates to choose from. Its box-office twin
 * `/assistant/tour/select` (issue 15) is the same page whose dates the operator sells at the counter — only
 * those they are assigned, when they are.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const counter = isCounterPath(url.pathname)
  const slug = url.searchParams.get('tour')?.trim()
  // Without a tour there is nothing to choose from: the list of tours is the way in.
  if (!slug) throw redirect(counter ? '/assistant' : '/tours')
  const [res, mine] = await Promise.all([
    getTour(context.api, slug),
    counter ? context.api<OperatorEvents>('/api/assistant/events') : null,
  ])
  if (res.status === 404) throw data(null, { status: 404 })
  if (res.status !== 200) throw data(null, { status: 503 })
  return {
    tour: { ...res.data, dates: res.data.dates.filter((d) => sellsEvent(mine, d.id)) },
    counter,
    locale: context.locale,
  }
}

export default function TourSelect({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalog')
  const { tour, locale, counter } = loaderData
  return (
    <Container size="lg" py="xl">
      <title>{`${tour.name} · ${t('tourSelect.titleSuffix')}`}</title>
      <meta name="description" content={tour.description || tour.name} />
      <meta name="robots" content="noindex" />
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{tour.name}</Title>
          {tour.description && <MutedText size="lg">{tour.description}</MutedText>}
        </Stack>
        <Stack component="section" aria-labelledby="dates-heading" gap="md">
          <Title order={2} id="dates-heading">
            {t('tourSelect.heading')}
          </Title>
          {tour.dates.length === 0 ? (
            <Text>{t('tourSelect.empty')}</Text>
          ) : (
            <>
              <MutedText>{t('tourSelect.datesCount', { count: tour.dates.length })}</MutedText>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
                {tour.dates.map((d) => (
                  <TourDateCard
                    key={d.id}
                    date={d}
                    locale={locale}
                    {...(counter ? { sellAt: counterPathOf } : {})}
                  />
                ))}
              </SimpleGrid>
            </>
          )}
        </Stack>
        <Anchor component={Link} to={counter ? '/assistant' : '/tours'}>
          {t(counter ? 'tourSelect.backToCounter' : 'tourSelect.backToTours')}
        </Anchor>
      </Stack>
    </Container>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CatalogError error={error} />
}
