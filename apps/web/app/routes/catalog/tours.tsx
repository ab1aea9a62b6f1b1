import { Container, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import { MutedText } from '../../components/ui/muted-text'
import { listTours } from '../../features/catalog/api/list-tours'
import { TourCard } from '../../features/home/components/tour-card'
import type { Route } from './+types/tours'

export async function loader({ context }: Route.LoaderArgs) {
  const res = await listTours(context.api)
  if (res.status !== 200) throw data(null, { status: 503 })
  return { tours: res.data, locale: context.locale }
}

export default function Tours({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalog')
  const { tours, locale } = loaderData
  return (
    <Container size="lg" py="xl">
      <title>{t('tours.title')}</title>
      <meta name="description" content={t('tours.lead')} />
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{t('tours.heading')}</Title>
          <MutedText size="lg">{t('tours.lead')}</MutedText>
        </Stack>
        {tours.length === 0 ? (
          <Text>{t('tours.empty')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" data-testid="tour-list">
            {tours.map((tour) => (
              <TourCard key={tour.id} tour={tour} locale={locale} headingLevel={2} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  )
}
