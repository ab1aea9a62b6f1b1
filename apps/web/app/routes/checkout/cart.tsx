import { Alert, Anchor, Button, Container, Grid, Paper, Stack, Text, Title } from '@mantine/core'
import type { EventDetail, PriceZone } from '@palco/domain/catalog/event-detail'
import type { Cart, InstallmentQuote } from '@palco/domain/checkout/contract'
import { formatMoney } from '@palco/domain/format/format'
import { type Locale, phonePrefixOf } from '@palco/domain/locale/country'
import { isLiveReservation } from '@palco/domain/seating/live-reservation'
import type { LiveReservation } from '@palco/domain/seating/reservation-contract'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, redirect, useNavigate } from 'react-router'
import { HoldCountdown } from '../../components/ui/hold-countdown'
import { takeHandedDetails } from '../../features/checkout/api/handed-details.server'
import { getInstallmentQuote, installmentQuotePath } from '../../features/checkout/api/installment'
import {
  hasParam,
  loadCart,
  loadFan,
  NO_EVENT_REDIRECT,
  requireFan,
  uuidParam,
} from '../../features/checkout/api/load-checkout'
import { DetailsFormView } from '../../features/checkout/components/details-form'
import { HoldExpiredNotice } from '../../features/checkout/components/hold-expired-notice'
import { NoCartPage } from '../../features/checkout/components/no-cart-page'
import { OrderSummary } from '../../features/checkout/components/order-summary'
import { PromoCodeForm } from '../../features/checkout/components/promo-code-form'
import { ZonePicker } from '../../features/checkout/components/zone-picker'
import { detailsDefaults } from '../../features/checkout/model/checkout-forms'
import { loadDetails, saveDetails, sessionStore } from '../../features/checkout/model/checkout-session'
import type { Route } from './+types/cart'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/**
 * `/checkout?event=<slug>&reservation=<id>`: the cart review. Without a reservation (the event page's
 * "Buy" for an event sold without a map, or an old link) the fan's live hold for the event is used; with
 * none, an event with a seat map goes to the seat choice and one without shows its zones to pick from.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireFan(request, context)
  const url = new URL(request.url)
  const slug = url.searchParams.get('event')?.trim() || null
  const reservationId = uuidParam(request, 'reservation')
  // `pick=1`: the fan came back to choose again, so a live hold is shown beside the zones, not resumed.
  const pick = url.searchParams.get('pick') === '1'
  if (!reservationId) {
    // The entry without a hold: the fan's live hold for the event, else the seat map, else (an event
    // sold without a map) the zone and quantity picker below.
    if (!slug) {
      // Nothing named at all: the home page, to find an event. A hold id that is not one stays a 404.
      if (!hasParam(request, 'reservation')) throw redirect(NO_EVENT_REDIRECT)
      throw data(null, { status: 404 })
    }
    const res = await context.api<EventDetail>(`/api/event?slug=${encodeURIComponent(slug)}`)
    if (res.status !== 200) throw data(null, { status: 404 })
    const event = res.data
    if (event.cancelled) throw redirect('/cancelled-event')
    if (event.disabled) throw redirect('/disabled-event')
    if (event.expired) throw redirect('/expired-event')
    const live = await context.api<LiveReservation>(
      `/api/reservations?eventId=${encodeURIComponent(event.id)}`,
    )
    const reply = live.status === 200 ? live.data.reservation : null
    const held = reply && isLiveReservation(reply) ? reply : null
    if (held && !pick) throw redirect(`/checkout?event=${encodeURIComponent(slug)}&reservation=${held.id}`)
    if (event.hasLayout) throw redirect(`/checkout/stadium?event=${encodeURIComponent(slug)}`)
    return {
      mode: 'pick' as const,
      event: { id: event.id, slug: event.slug, name: event.name, zones: event.zones },
      held: held ? { id: held.id, count: held.seats.length } : null,
      locale: context.locale,
    }
  }
  const [cart, fan, quote] = await Promise.all([
    loadCart(request, context, reservationId),
    loadFan(context),
    // What the event's paguitos plan comes to (issue 16): a second way on when it has a schedule.
    context
      .api<InstallmentQuote>(installmentQuotePath(reservationId))
      .then((res) => (res.status === 200 ? res.data : null))
      .catch(() => null),
  ])
  // Details the browser sent to the payment page before the script ran, refused there: shown again here.
  const handed = takeHandedDetails(request, reservationId)
  return data(
    {
      mode: 'cart' as const,
      ...cart,
      fan,
      quote,
      slug: cart.cart?.event.slug ?? slug,
      reservationId,
      locale: context.locale,
      phonePrefix: phonePrefixOf(context.country),
      refused: handed?.posted && !handed.posted.ok ? handed.posted : null,
    },
    handed ? { headers: { 'set-cookie': handed.clear } } : {},
  )
}

export default function CheckoutCart({ loaderData }: Route.ComponentProps) {
  if (loaderData.mode === 'pick') return <PickTickets {...loaderData} />
  return <CartReview data={loaderData} />
}

function PickTickets(props: {
  event: { id: string; slug: string; name: string; zones: PriceZone[] }
  held: { id: string; count: number } | null
  locale: Locale
}) {
  const { t } = useTranslation('checkout')
  const navigate = useNavigate()
  const { event, held } = props
  const cartOf = (id: string) => `/checkout?event=${encodeURIComponent(event.slug)}&reservation=${id}`
  return (
    <Container size="sm" py="xl" px="md">
      <title>{`${t('pick.pageTitle', { name: event.name })} · Palco`}</title>
      <Stack gap="md">
        <Stack gap={4}>
          <Anchor component={Link} to={`/events/${encodeURIComponent(event.slug)}`} size="sm">
            {t('pick.back')}
          </Anchor>
          <Title order={1}>{event.name}</Title>
        </Stack>
        {held && (
          <Alert color="blue" variant="light" data-testid="pick-held">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('pick.held', { count: held.count })}</Text>
              <Button component={Link} to={cartOf(held.id)} size="sm">
                {t('pick.continueHeld')}
              </Button>
            </Stack>
          </Alert>
        )}
        <ZonePicker
          eventId={event.id}
          zones={event.zones}
          locale={props.locale}
          onHeld={(id) => navigate(cartOf(id))}
        />
      </Stack>
    </Container>
  )
}

type CartData = Extract<Route.ComponentProps['loaderData'], { mode: 'cart' }>

function CartReview({ data: loaderData }: { data: CartData }) {
  const { t } = useTranslation('checkout')
  const navigate = useNavigate()
  const { locale, reservationId, slug } = loaderData
  const [cart, setCart] = useState<Cart | null>(loaderData.cart)
  const [quote, setQuote] = useState<InstallmentQuote | null>(loaderData.quote)
  // A code applied or removed changes the total, and with it the plan's figures.
  const onCart = useCallback((next: Cart) => {
    setCart(next)
    getInstallmentQuote(next.reservationId).then(setQuote, () => setQuote(null))
  }, [])
  const schedule = quote?.schedule ?? null
  const [expired, setExpired] = useState(loaderData.errorCode === 'HOLD_EXPIRED')
  const onExpired = useCallback(() => setExpired(true), [])
  const defaults = useMemo(
    () => detailsDefaults(loaderData.fan, loaderData.phonePrefix),
    [loaderData.fan, loaderData.phonePrefix],
  )
  // Values typed earlier in this tab win over the profile (the fan came back from the payment page).
  const restore = useCallback(() => loadDetails(sessionStore(), reservationId)?.raw ?? null, [reservationId])

  const title = t('cart.title')
  if (!cart) {
    return <NoCartPage title={title} eventSlug={slug} expired={expired} errorCode={loaderData.errorCode} />
  }

  return (
    <Container size="lg" py="lg" px="md">
      <title>{`${title} · Palco`}</title>
      <Stack gap="md">
        <Stack gap={4}>
          {slug && (
            <Anchor component={Link} to={`/checkout/stadium?event=${encodeURIComponent(slug)}`} size="sm">
              {t(cart.lines.some((l) => l.row !== 'UNNUMBERED') ? 'cart.backToSeats' : 'cart.backToTickets')}
            </Anchor>
          )}
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{t('cart.lead')}</Text>
        </Stack>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
            {expired ? (
              <HoldExpiredNotice eventSlug={slug} />
            ) : (
              <DetailsFormView
                key={reservationId}
                // What the browser sent before the script ran, when refused; else the profile, or what this
                // tab kept.
                {...(loaderData.refused
                  ? { defaults: loaderData.refused.raw, errors: loaderData.refused.errors }
                  : { defaults, restore })}
                action={`/checkout/buy?reservation=${reservationId}&event=${encodeURIComponent(cart.event.slug)}`}
                submitLabel={t('cart.continue')}
                onSubmit={(parsed, raw) => {
                  saveDetails(sessionStore(), reservationId, { raw, parsed })
                  // An inscription's participants are asked for first (issue 17), then the payment.
                  const next = cart.participantsForm === 'TO_FILL' ? 'inscriptions/form' : 'buy'
                  navigate(
                    `/checkout/${next}?reservation=${reservationId}&event=${encodeURIComponent(cart.event.slug)}`,
                  )
                }}
                {...(schedule
                  ? {
                      alternative: {
                        label: t('cart.paguitos', {
                          deposit: formatMoney({ amount: schedule.deposit, currency: cart.currency }, locale),
                          count: schedule.payments.length,
                        }),
                        testId: 'continue-paguitos',
                        onSubmit: (parsed, raw) => {
                          saveDetails(sessionStore(), reservationId, { raw, parsed })
                          navigate(
                            `/checkout/installment?reservation=${reservationId}&event=${encodeURIComponent(cart.event.slug)}`,
                          )
                        },
                      },
                    }
                  : {})}
              />
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
            <Stack gap="md">
              <Paper withBorder radius="md" p="md" data-testid="hold-timer">
                <HoldCountdown expiresAt={cart.expiresAt} onExpired={onExpired} />
              </Paper>
              <OrderSummary locale={locale} figures={{ ...cart, promoCode: cart.promoCode?.code ?? null }}>
                <PromoCodeForm cart={cart} locale={locale} disabled={expired} onCart={onCart} />
              </OrderSummary>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  )
}
