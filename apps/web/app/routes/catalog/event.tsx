import { Anchor, Badge, Container, Grid, Group, Image, Stack, Text, Title } from '@mantine/core'
import { eventPathOf } from '@palco/domain/catalog/event-path'
import type { WaitingRoomInfo } from '@palco/domain/waiting-room/contract'
import { useTranslation } from 'react-i18next'
import { data, redirect } from 'react-router'
import { MutedText } from '../../components/ui/muted-text'
import { getEvent } from '../../features/catalog/api/get-event'
import { BuyPanel } from '../../features/catalog/components/buy-panel'
import { CatalogError } from '../../features/catalog/components/catalog-error'
import { EventJsonLd } from '../../features/catalog/components/event-json-ld'
import { EventWhen } from '../../features/catalog/components/event-when'
import { IncludedEvents } from '../../features/catalog/components/included-events'
import { EventLinkPreview } from '../../features/catalog/components/link-preview'
import { PriceZonesTable } from '../../features/catalog/components/price-zones-table'
import { SponsorBanners } from '../../features/catalog/components/sponsor-banners'
import { TourDatesList } from '../../features/catalog/components/tour-dates-list'
import { roomInfoPath } from '../../features/waiting-room/api/waiting-room'
import { JoinQueuePanel } from '../../features/waiting-room/components/join-queue-panel'
import { useRootData } from '../../root'
import type { Route } from './+types/event'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const res = await getEvent(context.api, params.slug)
  if (res.status === 404) throw data(null, { status: 404 })
  if (res.status !== 200) throw data(null, { status: 503 })
  const event = res.data
  // A disabled event says so even after its date (see saleStateOf); an ended one says it is over.
  if (event.cancelled) throw redirect('/cancelled-event')
  if (event.disabled) throw redirect('/disabled-event')
  if (event.expired) throw redirect('/expired-event')
  // An inscription is signed up for on its own page (categories, participants, forms): old and shared
  // links to /events/<slug> land there instead of a ticket sale that would skip the forms.
  if (event.type === 'INSCRIPTION') throw redirect(eventPathOf(event))
  // Issue 42: a sale behind a waiting room is bought through the queue.
  const room = await context.api<WaitingRoomInfo>(roomInfoPath(event.id))
  const queue = room.status === 200 && room.data.active && !event.soldOut ? room.data : null
  return {
    event,
    queue,
    origin: new URL(request.url).origin,
    locale: context.locale,
    country: context.country,
  }
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(['catalog', 'home'])
  const { event, queue, origin, locale, country } = loaderData
  const nonce = useRootData()?.nonce
  return (
    <Container size="lg" py="xl">
      <EventLinkPreview
        event={event}
        origin={origin}
        locale={locale}
        title={`${event.name} · ${t('event.titleSuffix')}`}
      />
      <EventJsonLd event={event} origin={origin} country={country} nonce={nonce} />
      <Stack gap={40}>
        <Grid gap="xl" align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Image
              src={event.imageUrl ?? '/images/placeholder.svg'}
              alt=""
              radius="md"
              fit="cover"
              style={{ aspectRatio: '16 / 9' }}
              // The page's largest paint: fetched first (React also preloads it from the head).
              fetchPriority="high"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="sm">
              <Group gap={6}>
                <Badge variant="light" data-testid="event-type">
                  {t(`home:eventType.${event.type}`)}
                </Badge>
                {event.category && <Badge variant="outline">{event.category.name}</Badge>}
                {event.visibility === 'PRIVATE' && (
                  <Badge variant="outline" color="gray.8">
                    {t('event.private')}
                  </Badge>
                )}
              </Group>
              <Title order={1}>{event.name}</Title>
              <EventWhen
                startsAt={event.startsAt}
                timeZone={event.venue.timeZone}
                locale={locale}
                size="lg"
                showZone
              />
              <div data-testid="event-venue">
                <Text fw={600}>
                  {event.venue.name}, {event.venue.city}
                </Text>
                {event.venue.address && <MutedText size="sm">{event.venue.address}</MutedText>}
              </div>
              {/* A calendar file at the venue's local time (issue 44 item 10); the phone opens it in its calendar. */}
              <Anchor
                href={`/api/event/calendar.ics?id=${encodeURIComponent(event.id)}`}
                download
                size="sm"
                w="fit-content"
                data-testid="event-calendar"
              >
                {t('event.addToCalendar')}
              </Anchor>
              {queue ? (
                <JoinQueuePanel info={queue} locale={locale} />
              ) : (
                <BuyPanel event={event} locale={locale} />
              )}
            </Stack>
          </Grid.Col>
        </Grid>

        <Stack component="section" aria-labelledby="zones-heading" gap="sm">
          <Title order={2} id="zones-heading" size="h3">
            {t('event.zones.heading')}
          </Title>
          <PriceZonesTable zones={event.zones} locale={locale} />
        </Stack>

        <IncludedEvents events={event.includedEvents} locale={locale} />
        {event.tour && event.tour.dates.length > 0 && (
          <TourDatesList tour={event.tour} currentId={event.id} locale={locale} />
        )}

        {(event.description || event.sportOrganization) && (
          <Stack component="section" aria-labelledby="about-heading" gap="xs">
            <Title order={2} id="about-heading" size="h3">
              {t('event.about')}
            </Title>
            {event.description && <Text>{event.description}</Text>}
            {event.sportOrganization && (
              <MutedText>{t('event.organizer', { name: event.sportOrganization.name })}</MutedText>
            )}
          </Stack>
        )}

        <SponsorBanners banners={event.sponsorBanners} />
      </Stack>
    </Container>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CatalogError error={error} />
}
