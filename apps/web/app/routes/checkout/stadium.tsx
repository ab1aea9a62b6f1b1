import {
  Alert,
  Anchor,
  Button,
  Container,
  Grid,
  Group,
  Loader,
  NumberInput,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import type { EventDetail } from '@palco/domain/catalog/event-detail'
import { formatDate, formatMoney, formatTime } from '@palco/domain/format/format'
import type { SeatAvailability } from '@palco/domain/seating/availability'
import { isLiveReservation } from '@palco/domain/seating/live-reservation'
import { areAllNumberedSeats } from '@palco/domain/seating/numbered-places'
import { MAX_PLACES_PER_PICK } from '@palco/domain/seating/pick-limits'
import type { Reservation } from '@palco/domain/seating/reservation-contract'
import type { SeatLayout } from '@palco/domain/seating/seat-layout-contract'
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, redirect, useLocation } from 'react-router'
import { HoldCountdown } from '../../components/ui/hold-countdown'
import { NO_EVENT_REDIRECT } from '../../features/checkout/api/load-checkout'
import type { SeatMapHandle } from '../../features/seat-map/components/seat-map'
import { SeatPickerList } from '../../features/seat-map/components/seat-picker-list'
import { SelectionSummary } from '../../features/seat-map/components/selection-summary'
import { TribunePicker } from '../../features/seat-map/components/tribune-picker'
import { getBestAvailable } from '../../features/stadium-checkout/api/best-available'
import {
  getLiveReservation,
  holdQuantity,
  holdSeats,
  releaseReservation,
} from '../../features/stadium-checkout/api/reservations'
import { getSeatLayout, seatLayoutPath } from '../../features/stadium-checkout/api/seat-layout'
import { getSeats, seatsPath } from '../../features/stadium-checkout/api/seats'
import { useSeatFeed } from '../../features/stadium-checkout/hooks/use-seat-feed'
import { type Actor, wordingOf } from '../../lib/actor'
import { isApiError } from '../../lib/api-client'
import { useCarriedNamespaces } from '../../lib/i18n/page-resources'
import { lazyFilesOf, preloadFiles } from '../../lib/lazy-files'
import type { PrefetchHandle } from '../../lib/prefetch'
import { sectionDirectory } from '../../lib/seat-map/model/section-directory'
import type { Route } from './+types/stadium'

// The canvas renderer is the heaviest part of checkout: it loads after the page, on its own — but as soon as
// this module runs in the browser, alongside the layout and seats, not after them (issue 13: cold map).
const loadSeatMap = () => import('../../features/seat-map/components/seat-map')
if (typeof window !== 'undefined') void loadSeatMap().catch(() => {})
const SeatMap = lazy(() => loadSeatMap().then((m) => ({ default: m.SeatMap })))

/** The map's layout and seats are asked for while the page's head parses (lib/prefetch.ts). */
export const handle: PrefetchHandle<Route.ComponentProps['loaderData']> = {
  prefetch: ({ event }) => [seatLayoutPath(event.id), seatsPath(event.id)],
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const slug = new URL(request.url).searchParams.get('event')?.trim()
  // No event named: the home page, where events are found (issue 13), rather than a 404.
  if (!slug) throw redirect(NO_EVENT_REDIRECT)
  const res = await context.api<EventDetail>(`/api/event?slug=${encodeURIComponent(slug)}`)
  if (res.status !== 200) throw data(null, { status: 404 })
  const event = res.data
  if (event.cancelled) throw redirect('/cancelled-event')
  if (event.disabled) throw redirect('/disabled-event')
  if (event.expired) throw redirect('/expired-event')
  // An event sold without a map has no seats to choose: its zones and quantities are on /checkout, so
  // every "back to the seats" link (cart, payment, result pages) lands there instead of a map that never
  // comes (issue 13).
  // The same page is the box office's /assistant/stadium (issue 15): an operator holds for a buyer at the
  // counter, and every way on leads to the counter's pages instead of the fan's checkout.
  const counter = new URL(request.url).pathname.startsWith('/assistant/')
  if (!event.hasLayout)
    throw redirect(
      counter
        ? `/assistant?event=${encodeURIComponent(slug)}`
        : `/checkout?event=${encodeURIComponent(slug)}&pick=1`,
    )
  return {
    counter,
    event,
    locale: context.locale,
    signedIn: context.session !== null,
    seatMapFiles: lazyFilesOf('seat-map'),
  }
}

export default function StadiumCheckout({ loaderData }: Route.ComponentProps) {
  const { event, locale, signedIn, seatMapFiles, counter } = loaderData
  // At the counter the page speaks to the operator selling, not to a fan buying (DESIGN §4 rule 6).
  const actor: Actor = counter ? 'operator' : 'fan'
  // The renderer's files are asked for with the page's own modules, and its texts come in the page (issue
  // 13: cold map).
  useCarriedNamespaces('seatmap')
  preloadFiles(seatMapFiles)
  const { t } = useTranslation(['checkout', 'errors'])
  const location = useLocation()
  const [seatLayout, setSeatLayout] = useState<SeatLayout | null>(null)
  const [availability, setAvailability] = useState<SeatAvailability | null>(null)
  const [reservation, setReservation] = useState<Reservation | null>(null)
  const [selected, setSelected] = useState<string[]>([])
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [bestQuantity, setBestQuantity] = useState<number>(2)
  const mapRef = useRef<SeatMapHandle>(null)
  const { changes, reconnects } = useSeatFeed(event.id)

  const refreshSeats = useCallback(() => getSeats(event.id).then(setAvailability), [event.id])
  useEffect(() => {
    const controller = new AbortController()
    getSeatLayout(event.id, controller.signal)
      .then(setSeatLayout)
      .catch((e) => !controller.signal.aborted && setError(isApiError(e) ? e.code : 'Network error'))
    return () => controller.abort()
  }, [event.id])
  // A fresh snapshot at start and after every reconnect: changes sent while offline are not replayed.
  useEffect(() => {
    void reconnects
    refreshSeats().catch(() => setError('Network error'))
  }, [refreshSeats, reconnects])
  useEffect(() => {
    if (!signedIn) return
    getLiveReservation(event.id)
      .then(({ reservation }) =>
        setReservation(reservation && isLiveReservation(reservation) ? reservation : null),
      )
      .catch(() => {})
  }, [event.id, signedIn])

  const mine = useMemo(() => new Set(reservation?.seats.map((s) => s.key) ?? []), [reservation])
  const selectedSet = useMemo(() => new Set(selected), [selected])
  const toggleSeat = useCallback((key: string) => {
    setNotice(null)
    setSelected((s) => (s.includes(key) ? s.filter((k) => k !== key) : [...s, key]))
  }, [])
  // Seats this page is holding right now: the live feed reports them held before the POST answers, and
  // that is our own hold, not someone else's.
  const holding = useRef<ReadonlySet<string>>(new Set())
  const dropTaken = useCallback(
    (keys: string[]) => {
      const others = keys.filter((k) => !holding.current.has(k) && !mine.has(k))
      if (others.length === 0) return others
      setSelected((s) => s.filter((k) => !others.includes(k)))
      setNotice(t('checkout:stadium.seatsTaken', { count: others.length }))
      return others
    },
    [t, mine],
  )
  // What a screen reader hears when a hold succeeds: which places are now the fan's, and for how long.
  const [heldNote, setHeldNote] = useState('')

  const run = async (work: () => Promise<Reservation>, announceHeld = true) => {
    setBusy(true)
    setError(null)
    try {
      const next = await work()
      setReservation(next)
      if (announceHeld && next.seats.length > 0) setHeldNote(heldAnnouncement(next))
      setSelected([])
      await refreshSeats()
    } catch (e) {
      setError(isApiError(e) ? e.code : 'Network error')
      await refreshSeats().catch(() => {})
    } finally {
      setBusy(false)
    }
  }
  const holdSelected = async () => {
    holding.current = new Set(selected)
    await run(() => holdSeats(event.id, selected))
    holding.current = new Set()
  }
  const holdSection = (section: string, quantity: number) =>
    run(() => holdQuantity(event.id, section, quantity))
  const release = async () => {
    if (!reservation) return
    await run(() => releaseReservation(reservation.id), false)
    setReservation(null)
  }
  // At zero the seats go back at once (the server would also let them go by time): others see them free.
  const onExpired = useCallback(() => {
    if (reservation) void releaseReservation(reservation.id).catch(() => {})
    setReservation(null)
    setNotice(t('checkout:stadium.expired', { context: wordingOf(actor) }))
    void refreshSeats()
  }, [refreshSeats, t, reservation, actor])
  const proposeBest = async () => {
    setError(null)
    try {
      const best = await getBestAvailable(event.id, bestQuantity)
      setSelected(best.seats)
      mapRef.current?.focusSection(best.section)
    } catch (e) {
      setError(isApiError(e) ? e.code : 'Network error')
    }
  }

  const heldAnnouncement = (r: Reservation) => {
    const places = r.seats.map((s) =>
      s.row === 'UNNUMBERED'
        ? t('checkout:stadium.unnumbered')
        : t('checkout:stadium.seatLabel', { row: s.row, seat: s.seat }),
    )
    const minutes = Math.max(1, Math.round((new Date(r.expiresAt).getTime() - Date.now()) / 60_000))
    return t('checkout:stadium.heldAnnouncement', {
      context: wordingOf(actor),
      count: places.length,
      places: places.join(', '),
      minutes,
    })
  }

  // Standing room held from the map is tickets, not seats (issue 13): "seats" only when all are numbered.
  const heldPlacesWord = reservation && areAllNumberedSeats(reservation.seats) ? 'seats' : undefined
  const layout = seatLayout?.layout ?? null
  const zones = seatLayout?.zones ?? {}
  const loginHref = `/authorization/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`
  const tribune = layout?.kind === 'Tribune_selection'
  // A held place's section by the name the map and the list give it, not its price zone's.
  const sections = useMemo(() => (layout ? sectionDirectory(layout).byCode : null), [layout])

  return (
    <Container size="xl" py="lg">
      <title>{t('checkout:stadium.title', { name: event.name })}</title>
      <Stack gap="md">
        <Stack gap={4}>
          <Anchor component={Link} to={counter ? '/assistant' : `/events/${event.slug}`} size="sm">
            {t(counter ? 'checkout:stadium.backToCounter' : 'checkout:stadium.back')}
          </Anchor>
          <Title order={1}>{event.name}</Title>
          <Text c="dimmed">
            {formatDate(event.startsAt, locale, event.venue.timeZone)} ·{' '}
            {formatTime(event.startsAt, locale, event.venue.timeZone)} · {event.venue.name},{' '}
            {event.venue.city}
          </Text>
        </Stack>
        {!signedIn && (
          <Alert color="blue" title={t('checkout:stadium.loginTitle')}>
            <Group justify="space-between">
              <Text size="sm">{t('checkout:stadium.loginBody')}</Text>
              <Button component={Link} to={loginHref} size="xs">
                {t('checkout:stadium.login')}
              </Button>
            </Group>
          </Alert>
        )}
        {error && (
          <Alert
            color="red"
            role="alert"
            withCloseButton
            onClose={() => setError(null)}
            data-testid="stadium-error"
          >
            {t(`errors:codes.${error}`, { defaultValue: t('errors:codes.UnknownException') })}
            {/* A sale behind a waiting room without this fan's turn (issue 42): the way back to the queue. */}
            {error === 'WAITING_ROOM_PASS_INVALID' && (
              <>
                {' '}
                <Anchor
                  component={Link}
                  to={`/waiting-room/${event.id}`}
                  fw={600}
                  data-testid="back-to-queue"
                >
                  {t('errors:backToQueue')}
                </Anchor>
              </>
            )}
          </Alert>
        )}
        <VisuallyHidden role="status" data-testid="held-announcement">
          {heldNote}
        </VisuallyHidden>
        {notice && (
          <Alert color="yellow" role="status" withCloseButton onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
        {!layout || !availability ? (
          <Group justify="center" py="xl">
            <Loader aria-label={t('checkout:stadium.loading')} />
          </Group>
        ) : (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              {tribune ? (
                <TribunePicker
                  layout={layout}
                  availability={availability}
                  zones={zones}
                  locale={locale}
                  changes={changes}
                  onPick={holdSection}
                  maxQuantity={MAX_PLACES_PER_PICK.fan}
                />
              ) : (
                <Suspense fallback={<Loader aria-label={t('checkout:stadium.loading')} />}>
                  <SeatMap
                    ref={mapRef}
                    layout={layout}
                    availability={availability}
                    mine={mine}
                    selected={selectedSet}
                    zones={zones}
                    locale={locale}
                    changes={changes}
                    onToggleSeat={toggleSeat}
                    onPickSection={(code) => document.getElementById(`quantity-${code}`)?.focus()}
                    onSeatsTaken={dropTaken}
                    maxSelectable={MAX_PLACES_PER_PICK.fan}
                    alternativeHref="#seat-list"
                    height="min(70vh, 640px)"
                  />
                </Suspense>
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack gap="md">
                {reservation && reservation.seats.length > 0 && (
                  <Paper withBorder p="md" data-testid="hold-panel">
                    <Stack gap="sm">
                      <Title order={2} size="h4">
                        {t('checkout:stadium.heldTitle', { context: wordingOf(actor, heldPlacesWord) })}
                      </Title>
                      <HoldCountdown expiresAt={reservation.expiresAt} onExpired={onExpired} actor={actor} />
                      <Stack gap={2}>
                        {reservation.seats.map((s) => (
                          <Text key={s.key} size="sm">
                            {sections?.get(s.section)?.name ?? s.zoneName ?? s.section} ·{' '}
                            {s.row === 'UNNUMBERED'
                              ? t('checkout:stadium.unnumbered')
                              : t('checkout:stadium.seatLabel', { row: s.row, seat: s.seat })}
                          </Text>
                        ))}
                      </Stack>
                      <Text fw={700}>
                        {t('checkout:stadium.total', {
                          total: formatMoney({ amount: reservation.total, currency: event.currency }, locale),
                        })}
                      </Text>
                      <Group>
                        <Button
                          component={Link}
                          to={`${counter ? '/assistant/buy' : '/checkout'}?event=${encodeURIComponent(event.slug)}&reservation=${reservation.id}`}
                        >
                          {t(counter ? 'checkout:stadium.continueCounter' : 'checkout:stadium.continue')}
                        </Button>
                        <Button variant="default" onClick={release} loading={busy}>
                          {t('checkout:stadium.release', { context: heldPlacesWord })}
                        </Button>
                      </Group>
                    </Stack>
                  </Paper>
                )}
                <Paper withBorder p="md">
                  <Stack gap="sm">
                    <SelectionSummary
                      layout={layout}
                      seats={selected}
                      zones={zones}
                      locale={locale}
                      onRemoveSeat={toggleSeat}
                    />
                    <Button
                      onClick={holdSelected}
                      disabled={!signedIn || selected.length === 0}
                      loading={busy}
                      data-testid="hold-button"
                    >
                      {t('checkout:stadium.hold', { count: selected.length })}
                    </Button>
                  </Stack>
                </Paper>
                {!tribune && (
                  <Paper withBorder p="md">
                    <Stack gap="xs">
                      <Title order={2} size="h5">
                        {t('checkout:stadium.bestTitle')}
                      </Title>
                      <Group align="end">
                        <NumberInput
                          label={t('checkout:stadium.bestQuantity')}
                          min={1}
                          max={MAX_PLACES_PER_PICK.fan}
                          value={bestQuantity}
                          onChange={(v) => setBestQuantity(typeof v === 'number' ? v : 1)}
                          w={120}
                        />
                        <Button variant="light" onClick={proposeBest}>
                          {t('checkout:stadium.bestButton')}
                        </Button>
                      </Group>
                    </Stack>
                  </Paper>
                )}
              </Stack>
            </Grid.Col>
          </Grid>
        )}
        {layout && availability && !tribune && (
          <SeatPickerList
            id="seat-list"
            layout={layout}
            availability={availability}
            mine={mine}
            selected={selectedSet}
            zones={zones}
            locale={locale}
            changes={changes}
            onToggleSeat={toggleSeat}
            onPickQuantity={holdSection}
            maxSelectable={MAX_PLACES_PER_PICK.fan}
            maxQuantity={MAX_PLACES_PER_PICK.fan}
            onSectionChange={(code) => mapRef.current?.focusSection(code)}
          />
        )}
        {event.priceFrom && (
          <Text size="sm" c="dimmed">
            {t('checkout:stadium.priceFrom', { price: formatMoney(event.priceFrom, locale) })}
          </Text>
        )}
      </Stack>
    </Container>
  )
}
