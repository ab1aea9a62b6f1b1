import { Alert, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import type { Cart } from '@palco/domain/checkout/contract'
import { formatTime } from '@palco/domain/format/format'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, redirect } from 'react-router'
import { HoldCountdown } from '../../components/ui/hold-countdown'
import { getCart } from '../../features/checkout/api/get-cart'
import { getLiveHoldId } from '../../features/checkout/api/get-live-hold'
import { loadOrder } from '../../features/checkout/api/load-checkout'
import { HoldExpiredNotice } from '../../features/checkout/components/hold-expired-notice'
import { OrderSummary } from '../../features/checkout/components/order-summary'
import { orderTrail, sessionStore } from '../../features/checkout/model/checkout-session'
import { pathOfOrder } from '../../features/checkout/model/result-route'
import type { Route } from './+types/fail-purchase'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const order = await loadOrder(request, context)
  // Paid, or not decided yet (a provider's hosted page sends the fan back before its notification
  // arrives): the order's own page, which polls a pending order.
  if (order.result !== 'FAIL') throw redirect(pathOfOrder(order))
  return { order, locale: context.locale }
}

type Hold = { state: 'loading' } | { state: 'held'; cart: Cart } | { state: 'gone' }

/**
 * `/checkout/fail_purchase?order=<id>`: what failed, in words, and — while the seats are still held —
 * until when, with a way to pay them another way. The order view does not carry its reservation: this
 * tab's checkout trail names it, or else the fan's live hold for the event; with neither, the seats are
 * gone and the fan starts again from the seat map.
 */
export default function FailPurchase({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation(['checkout', 'errors'])
  const { order, locale } = loaderData
  const [hold, setHold] = useState<Hold>({ state: 'loading' })
  const [reservationId, setReservationId] = useState<string | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    const { signal } = controller
    // This tab's trail names the reservation; opened elsewhere, the fan's live hold for the event does.
    const find = async () =>
      orderTrail(sessionStore(), order.id)?.reservationId ?? (await getLiveHoldId(order.event.id, signal))
    find()
      .then(async (id) => {
        if (!id) return setHold({ state: 'gone' })
        setReservationId(id)
        const cart = await getCart(id, signal)
        setHold(new Date(cart.expiresAt).getTime() > Date.now() ? { state: 'held', cart } : { state: 'gone' })
      })
      .catch(() => !signal.aborted && setHold({ state: 'gone' }))
    return () => controller.abort()
  }, [order.id, order.event.id])
  const onExpired = useCallback(() => setHold({ state: 'gone' }), [])

  const reasonKey = order.failureCode ? `errors:codes.${order.failureCode}` : null
  const reason = reasonKey && i18n.exists(reasonKey) ? t(reasonKey) : t('checkout:fail.generic')
  const retryHref = reservationId
    ? `/checkout/buy?reservation=${reservationId}&event=${encodeURIComponent(order.event.slug)}`
    : null

  return (
    <Container size="md" py="xl" px="md">
      <title>{`${t('checkout:fail.title')} · Palco`}</title>
      <Stack gap="lg">
        <Title order={1}>{t('checkout:fail.title')}</Title>
        <Alert color="red" variant="light" title={t('checkout:fail.what')} data-testid="fail-reason">
          {reason}
        </Alert>
        {hold.state === 'loading' && (
          <Group justify="center">
            <Loader size="sm" aria-label={t('checkout:fail.checkingHold')} />
          </Group>
        )}
        {hold.state === 'held' && retryHref && (
          <Paper withBorder radius="md" p="md" data-testid="still-held">
            <Stack gap="sm">
              <Text fw={600}>
                {t('checkout:fail.stillHeld', {
                  time: formatTime(hold.cart.expiresAt, locale, hold.cart.event.timeZone),
                })}
              </Text>
              <HoldCountdown expiresAt={hold.cart.expiresAt} onExpired={onExpired} />
              <Group gap="sm">
                <Button component={Link} to={retryHref} data-testid="retry-payment">
                  {t('checkout:fail.retry')}
                </Button>
                <Button component={Link} to="/" variant="default">
                  {t('checkout:fail.home')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}
        {hold.state === 'gone' && <HoldExpiredNotice eventSlug={order.event.slug} reason="released" />}
        <OrderSummary locale={locale} figures={order} />
      </Stack>
    </Container>
  )
}
