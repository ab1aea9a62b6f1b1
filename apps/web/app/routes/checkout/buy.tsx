import { Anchor, Container, Grid, Paper, Stack, Text, Title } from '@mantine/core'
import type { HostedPaymentResult, PlaceOrderResult } from '@palco/domain/checkout/contract'
import { COUNTRIES, currencyOf } from '@palco/domain/locale/country-settings'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, redirect, useNavigate } from 'react-router'
import { HoldCountdown } from '../../components/ui/hold-countdown'
import {
  handOverCookie,
  readPostedDetails,
  takeHandedDetails,
} from '../../features/checkout/api/handed-details.server'
import {
  hasParam,
  loadCart,
  NO_EVENT_REDIRECT,
  requireFan,
  uuidParam,
} from '../../features/checkout/api/load-checkout'
import { BuyForm } from '../../features/checkout/components/buy-form'
import { HoldExpiredNotice } from '../../features/checkout/components/hold-expired-notice'
import { NoCartPage } from '../../features/checkout/components/no-cart-page'
import { OrderSummary } from '../../features/checkout/components/order-summary'
import {
  rememberOrder,
  type SavedDetails,
  sessionStore,
  takeDetails,
} from '../../features/checkout/model/checkout-session'
import { isExternalUrl } from '../../features/checkout/model/result-route'
import type { Route } from './+types/buy'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireFan(request, context)
  if (!hasParam(request, 'reservation')) {
    // Nothing to pay yet: the event's tickets when it is named, else the home page to find one.
    const slug = new URL(request.url).searchParams.get('event')?.trim()
    throw redirect(slug ? `/checkout?event=${encodeURIComponent(slug)}` : NO_EVENT_REDIRECT)
  }
  const reservationId = uuidParam(request, 'reservation')
  if (!reservationId) throw data(null, { status: 404 })
  const cart = await loadCart(request, context, reservationId)
  const slug = cart.cart?.event.slug ?? new URL(request.url).searchParams.get('event')
  // An inscription whose participants' forms are not sent yet cannot be paid: they come first (issue 17).
  if (cart.cart?.participantsForm === 'TO_FILL')
    throw redirect(
      `/checkout/inscriptions/form?reservation=${reservationId}&event=${encodeURIComponent(slug ?? '')}`,
    )
  // The provider of the cart's country pays (the event's country, which is normally the site's).
  const country = COUNTRIES.find((c) => currencyOf(c) === cart.cart?.currency) ?? context.country
  const handed = takeHandedDetails(request, reservationId)
  return data(
    {
      ...cart,
      reservationId,
      slug,
      locale: context.locale,
      provider: context.config.payments[country],
      handedDetails: handed?.posted?.ok ? handed.posted.details : null,
    },
    handed ? { headers: { 'set-cookie': handed.clear } } : {},
  )
}

/**
 * `/checkout`'s contact and billing forms as the browser itself sends them: "continue" tapped before that page's
 * script ran (issue 13). Checked as that page checks them, and handed on (handed-details.server.ts): right ones
 * to this page (or the participants' forms, which come first), wrong ones back to `/checkout` with their
 * problems and everything typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireFan(request, context)
  const reservationId = uuidParam(request, 'reservation')
  if (!reservationId) throw data(null, { status: 404 })
  const posted = await readPostedDetails(await request.formData())
  const url = new URL(request.url)
  const slug = url.searchParams.get('event') ?? ''
  const next = posted.ok
    ? url.pathname + url.search
    : `/checkout?reservation=${reservationId}&event=${encodeURIComponent(slug)}`
  throw redirect(next, { headers: { 'set-cookie': handOverCookie(request, reservationId, posted) } })
}

/** `/checkout/buy?reservation=<id>`: the payment method and the pay button, with the summary and timer. */
export default function CheckoutBuy({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout')
  const navigate = useNavigate()
  const { cart, reservationId, slug, locale } = loaderData
  const [expired, setExpired] = useState(loaderData.errorCode === 'HOLD_EXPIRED')
  const [details, setDetails] = useState<SavedDetails | null>(null)
  const cartHref = `/checkout?reservation=${reservationId}${slug ? `&event=${encodeURIComponent(slug)}` : ''}`

  // The contact and billing forms were filled on /checkout in this tab (or sent from there by the browser
  // itself, and handed over by the server); without them, back there.
  const { handedDetails } = loaderData
  useEffect(() => {
    const saved = takeDetails(sessionStore(), reservationId, handedDetails)
    if (saved) setDetails(saved)
    else if (cart) navigate(cartHref, { replace: true })
  }, [reservationId, handedDetails, cart, cartHref, navigate])

  const onPlaced = useCallback(
    (result: PlaceOrderResult) => {
      rememberOrder(sessionStore(), result.order.id, {
        reservationId,
        eventSlug: result.order.event.slug,
      })
      if (isExternalUrl(result.next)) window.location.assign(result.next)
      else navigate(result.next)
    },
    [navigate, reservationId],
  )
  // The provider's hosted page: this tab remembers the order, as for any payment that leaves the site.
  const onHosted = useCallback(
    (result: HostedPaymentResult) => {
      if (cart) rememberOrder(sessionStore(), result.orderId, { reservationId, eventSlug: cart.event.slug })
      window.location.assign(result.redirectUrl)
    },
    [cart, reservationId],
  )
  const onExpired = useCallback(() => setExpired(true), [])

  const title = t('buy.title')
  if (!cart) {
    return <NoCartPage title={title} eventSlug={slug} expired={expired} errorCode={loaderData.errorCode} />
  }
  return (
    <Container size="lg" py="lg" px="md">
      <title>{`${title} · Palco`}</title>
      <Stack gap="md">
        <Stack gap={4}>
          <Anchor component={Link} to={cartHref} size="sm">
            {t('buy.back')}
          </Anchor>
          <Title order={1}>{title}</Title>
        </Stack>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
            {expired ? (
              <HoldExpiredNotice eventSlug={slug} />
            ) : (
              // Drawn by the server too, so a method can be chosen as soon as the page shows; the details it
              // pays with are this tab's, read once the script runs.
              <BuyForm
                cart={cart}
                details={details?.parsed ?? null}
                locale={locale}
                onPlaced={onPlaced}
                onHosted={onHosted}
                provider={loaderData.provider}
                onHoldExpired={onExpired}
              />
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
            <Stack gap="md">
              <Paper withBorder radius="md" p="md" data-testid="hold-timer">
                <HoldCountdown expiresAt={cart.expiresAt} onExpired={onExpired} />
              </Paper>
              <OrderSummary locale={locale} figures={{ ...cart, promoCode: cart.promoCode?.code ?? null }} />
              {details && (
                <Paper withBorder radius="md" p="md" data-testid="buyer">
                  <Stack gap={2}>
                    <Text fw={600}>{t('buy.buyer')}</Text>
                    <Text size="sm">
                      {details.parsed.contact.firstName} {details.parsed.contact.lastName}
                    </Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {details.parsed.contact.email}
                    </Text>
                    <Anchor component={Link} to={cartHref} size="sm">
                      {t('buy.editDetails')}
                    </Anchor>
                  </Stack>
                </Paper>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  )
}
