import { Anchor, Badge, Container, Grid, Group, Image, Paper, Stack, Text, Title } from '@mantine/core'
import type { PriceZone } from '@palco/domain/catalog/event-detail'
import { eventPathOf } from '@palco/domain/catalog/event-path'
import { formatDate, formatMoney, formatTime } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import type { LiveReservation } from '@palco/domain/seating/reservation-contract'
import { useTranslation } from 'react-i18next'
import { data, Link, redirect, useNavigate } from 'react-router'
import { MutedText } from '../../components/ui/muted-text'
import { getEvent } from '../../features/catalog/api/get-event'
import { CatalogError } from '../../features/catalog/components/catalog-error'
import { EventLinkPreview } from '../../features/catalog/components/link-preview'
import { holdSignUp } from '../../features/inscription-catalog/api/sign-up'
import { CategoryFacts } from '../../features/inscription-catalog/components/category-facts'
import { InscriptionFacts } from '../../features/inscription-catalog/components/inscription-facts'
import { type SignUpChoice, SignUpForm } from '../../features/inscription-catalog/components/sign-up-form'
import { UnfinishedSignUpNotice } from '../../features/inscription-catalog/components/unfinished-sign-up'
import {
  inscriptionFormPath,
  loginPathFor,
  selectionOf,
} from '../../features/inscription-catalog/model/categories'
import { listingPathOf } from '../../features/inscription-catalog/model/listings'
import { unfinishedOf } from '../../features/inscription-catalog/model/unfinished'
import { isApiError } from '../../lib/api-client'
import type { Route } from './+types/detail'

/**
 * `/inscriptions/detail?event=<slug>`: one inscription, its categories and the way to sign up. Only
 * events of type INSCRIPTION live here (any other slug is a 404, as an unknown one is); an event that
 * cannot be signed up for any more goes where the event page sends it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const slug = url.searchParams.get('event')?.trim()
  if (!slug) throw data(null, { status: 404 })
  const res = await getEvent(context.api, slug)
  if (res.status === 404) throw data(null, { status: 404 })
  if (res.status !== 200) throw data(null, { status: 503 })
  const event = res.data
  if (event.type !== 'INSCRIPTION') throw data(null, { status: 404 })
  if (event.cancelled) throw redirect('/cancelled-event')
  if (event.disabled) throw redirect('/disabled-event')
  if (event.expired) throw redirect('/expired-event')
  const signedIn = context.session !== null
  // The fan's unfinished sign-up (held, not paid): shown with "continue" and "release" (issue "Money first",
  // item 8), so coming back never silently adds to it.
  const live = signedIn
    ? await context.api<LiveReservation>(`/api/reservations?eventId=${encodeURIComponent(event.id)}`)
    : null
  return {
    event,
    selection: selectionOf(url.searchParams, event.zones),
    unfinished: live?.status === 200 ? unfinishedOf(live.data.reservation) : null,
    signedIn,
    origin: url.origin,
    locale: context.locale,
  }
}

/** "Release": the unfinished sign-up's places go back on sale at once; the page shows the event again. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const reservation = String(form.get('reservation') ?? '')
  if (form.get('intent') !== 'release' || !/^[0-9a-f-]{36}$/i.test(reservation))
    throw data(null, { status: 400 })
  const url = new URL(request.url)
  if (context.session === null)
    throw redirect(`/authorization/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
  const res = await context.api(`/api/reservations/${reservation}`, { method: 'DELETE' })
  // Already gone (expired, paid, another tab released it): the page says what stands now.
  if (res.status >= 500) throw data(null, { status: 503 })
  throw redirect(`${url.pathname}?${new URLSearchParams({ event: url.searchParams.get('event') ?? '' })}`)
}

export default function InscriptionDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('inscriptions')
  const navigate = useNavigate()
  const { event, locale, signedIn } = loaderData
  const tz = event.venue.timeZone

  // As the event page's zone picker does for an event without a map: the places are held for the fan,
  // then the next page takes the hold. A visitor (or a session that lapsed meanwhile) logs in first and
  // comes back here with the same choice made.
  const signUp = async (choice: SignUpChoice) => {
    if (!signedIn) {
      await navigate(loginPathFor(event.slug, choice))
      return
    }
    try {
      const reservation = await holdSignUp(event.id, choice.zoneId, choice.participants, choice.add)
      await navigate(inscriptionFormPath(reservation.id, event.slug))
    } catch (err) {
      if (isApiError(err) && err.status === 401) {
        await navigate(loginPathFor(event.slug, choice))
        return
      }
      throw err
    }
  }

  let closedNote: string | null = null
  if (event.notYetOnSale)
    closedNote = t('detail.signUp.opensOn', {
      date: formatDate(event.onSaleAt, locale, tz),
      time: formatTime(event.onSaleAt, locale, tz),
    })
  else if (!event.onSale) closedNote = t('detail.signUp.closed')
  else if (event.soldOut || event.zones.length === 0) closedNote = t('detail.signUp.full')

  return (
    <Container size="lg" py="xl">
      <EventLinkPreview
        event={event}
        origin={loaderData.origin}
        locale={locale}
        title={`${event.name} · ${t('detail.titleSuffix')}`}
        path={eventPathOf(event)}
      />
      <Stack gap={40}>
        <Grid gap="xl" align="center">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Image
              src={event.imageUrl ?? '/images/placeholder.svg'}
              alt=""
              radius="md"
              fit="cover"
              style={{ aspectRatio: '16 / 9' }}
              fetchPriority="high"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="sm">
              <Anchor component={Link} to={listingPathOf(event.pageCategory)} size="sm">
                {t(event.pageCategory === 'ENROLLMENTS' ? 'detail.backToCourses' : 'detail.back')}
              </Anchor>
              <Group gap={6}>
                <Badge variant="light">
                  {event.pageCategory === 'ENROLLMENTS'
                    ? t('detail.courseBadge')
                    : (event.category?.name ?? t('detail.badge'))}
                </Badge>
              </Group>
              <Title order={1}>{event.name}</Title>
              <Text fw={700} size="xl" data-testid="price-from">
                {event.priceFrom
                  ? t('list.priceFrom', { price: formatMoney(event.priceFrom, locale) })
                  : t('list.free')}
              </Text>
            </Stack>
          </Grid.Col>
        </Grid>

        <InscriptionFacts event={event} locale={locale} />

        <Paper
          component="section"
          aria-labelledby="categories-heading"
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          data-testid="inscription-categories"
        >
          <Stack gap="md">
            <Title order={2} id="categories-heading" size="h3">
              {t(closedNote ? 'detail.categories.heading' : 'detail.signUp.heading')}
            </Title>
            {closedNote ? (
              <>
                <Text fw={600} data-testid="sign-up-closed">
                  {closedNote}
                </Text>
                <CategoryList zones={event.zones} locale={locale} />
              </>
            ) : (
              <>
                {!signedIn && <MutedText size="sm">{t('detail.signUp.loginFirst')}</MutedText>}
                {loaderData.unfinished && (
                  <UnfinishedSignUpNotice
                    unfinished={loaderData.unfinished}
                    continueTo={inscriptionFormPath(loaderData.unfinished.id, event.slug)}
                    locale={locale}
                    timeZone={tz}
                  />
                )}
                <SignUpForm
                  key={loaderData.unfinished?.id ?? 'none'}
                  unfinished={loaderData.unfinished}
                  slug={event.slug}
                  zones={event.zones}
                  locale={locale}
                  initial={loaderData.selection}
                  onSignUp={signUp}
                />
              </>
            )}
          </Stack>
        </Paper>

        {(event.description || event.sportOrganization) && (
          <Stack component="section" aria-labelledby="about-heading" gap="xs">
            <Title order={2} id="about-heading" size="h3">
              {t('detail.about')}
            </Title>
            {event.description && <Text>{event.description}</Text>}
            {event.sportOrganization && (
              <MutedText>{t('detail.organizer', { name: event.sportOrganization.name })}</MutedText>
            )}
          </Stack>
        )}
      </Stack>
    </Container>
  )
}

/** The categories as facts only, when none can be picked (not open yet, closed, full). */
function CategoryList({ zones, locale }: { zones: PriceZone[]; locale: Locale }) {
  const { t } = useTranslation('inscriptions')
  if (zones.length === 0) return <MutedText>{t('detail.categories.none')}</MutedText>
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
      {zones.map((zone) => (
        <Stack component="li" key={zone.id} gap={2} data-testid="category-option">
          <Text fw={600}>{zone.name}</Text>
          <CategoryFacts zone={zone} locale={locale} />
        </Stack>
      ))}
    </Stack>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CatalogError error={error} />
}
