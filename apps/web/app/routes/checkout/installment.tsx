import { Alert, Anchor, Button, Container, Grid, Paper, Stack, Text, Title } from '@mantine/core'
import type {
  HostedPaymentResult,
  InstallmentQuote,
  OrderPlan,
  OrderView,
  PlaceOrderResult,
} from '@palco/domain/checkout/contract'
import { methodsFor } from '@palco/domain/checkout/methods'
import { formatDate, formatMoney, formatTime } from '@palco/domain/format/format'
import { GRACE_DAYS } from '@palco/domain/instalments/standing'
import type { Locale } from '@palco/domain/locale/country'
import { COUNTRIES, currencyOf } from '@palco/domain/locale/country-settings'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, redirect, useNavigate, useRevalidator } from 'react-router'
import { findSandboxPayment } from '../../features/checkout/api/find-sandbox-payment'
import { installmentQuotePath } from '../../features/checkout/api/installment'
import {
  hasParam,
  loadCart,
  loadOrder,
  NO_ORDER_REDIRECT,
  requireFan,
  uuidParam,
} from '../../features/checkout/api/load-checkout'
import { BuyForm } from '../../features/checkout/components/buy-form'
import { HoldAside } from '../../features/checkout/components/hold-aside'
import { HoldExpiredNotice } from '../../features/checkout/components/hold-expired-notice'
import { InstalmentPayForm } from '../../features/checkout/components/instalment-pay-form'
import { InstalmentSchedule, usePlanLineName } from '../../features/checkout/components/instalment-schedule'
import { NoCartPage } from '../../features/checkout/components/no-cart-page'
import { OrderSummary } from '../../features/checkout/components/order-summary'
import { PlanNotice } from '../../features/checkout/components/plan-notice'
import { PlanStatement } from '../../features/checkout/components/plan-statement'
import { SandboxLink } from '../../features/checkout/components/sandbox-link'
import { SpeiDetails } from '../../features/checkout/components/spei-details'
import { VoucherDetails } from '../../features/checkout/components/voucher-details'
import { WaitingNotice } from '../../features/checkout/components/waiting-notice'
import { useOrderPolling } from '../../features/checkout/hooks/use-order-polling'
import {
  loadDetails,
  rememberOrder,
  type SavedDetails,
  sessionStore,
} from '../../features/checkout/model/checkout-session'
import { payableParts, planPhase, waitingPaymentOf } from '../../features/checkout/model/instalment-plan'
import { isExternalUrl, pathOfOrder } from '../../features/checkout/model/result-route'
import { cardBrandName } from '../../lib/card-brand'
import type { Route } from './+types/installment'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

const countryOfCurrency = (currency: string) => COUNTRIES.find((c) => currencyOf(c) === currency)

/**
 * `/checkout/installment` (spec §2; issue 16), two pages in one:
 * - `?reservation=<id>`: buying the reservation on its event's paguitos plan — the schedule, then the
 *   deposit paid by card, voucher or transfer (as /checkout/buy pays a whole order);
 * - `?order=<id>`: a bought plan — where each payment stands, a voucher or transfer still to pay, and paying
 *   the next instalment or the whole balance. Mails and the locked tickets link here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireFan(request, context)
  if (hasParam(request, 'order')) {
    const order = await loadOrder(request, context)
    // Not a plan (or one whose deposit is not paid yet): the order's own page says where it stands.
    if (!order.plan) throw redirect(pathOfOrder(order))
    const country = countryOfCurrency(order.currency) ?? context.country
    const waiting = waitingPaymentOf(order)
    const [balance, sandbox] = await Promise.all([
      context.api<{ balance: number; currency: string }>('/api/checkout-service/cart/balance'),
      waiting === 'VOUCHER' || waiting === 'TRANSFER' ? findSandboxPayment(context, order) : null,
    ])
    return {
      mode: 'order' as const,
      order,
      locale: context.locale,
      provider: context.config.payments[country],
      offer: methodsFor(country),
      // The wallet of the site's currency pays only an order in that currency.
      walletBalance:
        balance.status === 200 && balance.data.currency === order.currency ? balance.data.balance : 0,
      sandboxPaymentId: sandbox?.id ?? null,
    }
  }
  if (!hasParam(request, 'reservation')) throw redirect(NO_ORDER_REDIRECT)
  const reservationId = uuidParam(request, 'reservation')
  if (!reservationId) throw data(null, { status: 404 })
  const [cart, quote] = await Promise.all([
    loadCart(request, context, reservationId),
    context
      .api<InstallmentQuote>(installmentQuotePath(reservationId))
      .then((res) => (res.status === 200 ? res.data : null))
      .catch(() => null),
  ])
  const slug = cart.cart?.event.slug ?? new URL(request.url).searchParams.get('event')
  const country = COUNTRIES.find((c) => currencyOf(c) === cart.cart?.currency) ?? context.country
  return {
    mode: 'buy' as const,
    ...cart,
    quote,
    reservationId,
    slug,
    locale: context.locale,
    provider: context.config.payments[country],
  }
}

export default function CheckoutInstallment({ loaderData }: Route.ComponentProps) {
  if (loaderData.mode === 'order') return <PlanPage data={loaderData} />
  return <BuyOnPlan data={loaderData} />
}

type BuyData = Extract<Route.ComponentProps['loaderData'], { mode: 'buy' }>
type OrderData = Extract<Route.ComponentProps['loaderData'], { mode: 'order' }>

/** `?reservation=`: the plan for this cart, and its deposit paid. */
function BuyOnPlan({ data: loaderData }: { data: BuyData }) {
  const { t } = useTranslation('checkout')
  const navigate = useNavigate()
  const { cart, reservationId, slug, locale } = loaderData
  const schedule = loaderData.quote?.schedule ?? null
  const [expired, setExpired] = useState(loaderData.errorCode === 'HOLD_EXPIRED')
  const [details, setDetails] = useState<SavedDetails | null>(null)
  const eventQuery = slug ? `&event=${encodeURIComponent(slug)}` : ''
  const cartHref = `/checkout?reservation=${reservationId}${eventQuery}`

  // The contact and billing forms were filled on /checkout in this tab; without them, back there (unless
  // there is no plan to pay: that is said here, with the way to pay in full).
  const offered = schedule !== null
  useEffect(() => {
    const saved = loadDetails(sessionStore(), reservationId)
    if (saved) setDetails(saved)
    else if (cart && offered) navigate(cartHref, { replace: true })
  }, [reservationId, cart, cartHref, navigate, offered])

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
  // A deposit is never paid on the hosted page (the form does not offer it).
  const onHosted = useCallback(
    (result: HostedPaymentResult) => window.location.assign(result.redirectUrl),
    [],
  )
  const onExpired = useCallback(() => setExpired(true), [])

  const title = t('paguitos.title')
  if (!cart) {
    return <NoCartPage title={title} eventSlug={slug} expired={expired} errorCode={loaderData.errorCode} />
  }
  const money = (amount: number) => formatMoney({ amount, currency: cart.currency }, locale)
  return (
    <Container size="lg" py="lg" px="md">
      <title>{`${title} · Palco`}</title>
      <Stack gap="md">
        <Stack gap={4}>
          <Anchor component={Link} to={cartHref} size="sm">
            {t('paguitos.back')}
          </Anchor>
          <Title order={1}>{title}</Title>
          {schedule && <Text>{t('paguitos.lead', { count: schedule.payments.length })}</Text>}
        </Stack>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
            {expired ? (
              <HoldExpiredNotice eventSlug={slug} />
            ) : !schedule ? (
              <PlanNotice color="orange" title={t('paguitos.notOfferedTitle')} testId="paguitos-not-offered">
                <Text size="sm">{t('paguitos.notOfferedBody')}</Text>
                <Button component={Link} to={`/checkout/buy?reservation=${reservationId}${eventQuery}`}>
                  {t('paguitos.payInFull')}
                </Button>
              </PlanNotice>
            ) : (
              <Stack gap="md">
                <InstalmentSchedule
                  rows={[
                    { seq: 0, dueAt: null, amount: schedule.deposit },
                    ...schedule.payments.map((p) => ({ seq: p.seq, dueAt: p.dueAt, amount: p.amount })),
                  ]}
                  total={loaderData.quote?.total ?? cart.total}
                  currency={cart.currency}
                  locale={locale}
                  timeZone={cart.event.timeZone}
                />
                <Text size="sm">{t('paguitos.depositMethods')}</Text>
                <BuyForm
                  cart={cart}
                  details={details?.parsed ?? null}
                  locale={locale}
                  onPlaced={onPlaced}
                  onHosted={onHosted}
                  provider={loaderData.provider}
                  onHoldExpired={onExpired}
                  deposit={schedule.deposit}
                  canSaveCard={loaderData.quote?.canSaveCard === true}
                />
              </Stack>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
            <HoldAside cart={cart} locale={locale} onExpired={onExpired}>
              {schedule && (
                <Text size="sm" data-testid="paguitos-deposit-today">
                  {t('paguitos.deposit')}: <strong>{money(schedule.deposit)}</strong>
                </Text>
              )}
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
            </HoldAside>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  )
}

/** The page polls while the plan's latest payment waits (a voucher at a store, a transfer, a card in review). */
const answered = (order: OrderView) => waitingPaymentOf(order) === null

const DAY_MS = 86_400_000

/** `?order=`: a bought plan, where it stands, and paying what is next. */
function PlanPage({ data: loaderData }: { data: OrderData }) {
  const { t } = useTranslation('checkout')
  const revalidator = useRevalidator()
  const nameOf = usePlanLineName()
  const { locale } = loaderData
  const order = useOrderPolling(loaderData.order, undefined, answered)
  const plan = order.plan ?? (loaderData.order.plan as OrderPlan)
  const [received, setReceived] = useState(false)
  const waiting = waitingPaymentOf(order)
  // A payment the page was waiting for was answered: read the whole page again (plan, tickets, links).
  const wasWaiting = waitingPaymentOf(loaderData.order) !== null
  const { revalidate } = revalidator
  useEffect(() => {
    if (wasWaiting && waiting === null) void revalidate()
  }, [wasWaiting, waiting, revalidate])

  const onPaid = useCallback(
    (result: PlaceOrderResult) => {
      if (isExternalUrl(result.next)) {
        window.location.assign(result.next)
        return
      }
      setReceived(waitingPaymentOf(result.order) === null)
      void revalidate()
    },
    [revalidate],
  )
  const onStale = useCallback(() => void revalidate(), [revalidate])

  const tz = order.event.timeZone
  const money = (amount: number) => formatMoney({ amount, currency: order.currency }, locale)
  const phase = planPhase({ status: order.status, plan })
  const parts = payableParts(order)
  const payments = plan.lines.length - 1
  const next = plan.next
  const title = t('paguitos.pageTitle')

  return (
    <Container size="lg" py="lg" px="md">
      <title>{`${title} · ${order.code} · Palco`}</title>
      <Stack gap="md">
        <Stack gap={4}>
          <Anchor component={Link} to={`/my-purchases/${order.id}`} size="sm">
            {t('paguitos.backToPurchase', { code: order.code })}
          </Anchor>
          <Title order={1}>{title}</Title>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {order.event.name}
          </Text>
          <Text size="sm">
            {formatDate(order.event.startsAt, locale, tz)} · {formatTime(order.event.startsAt, locale, tz)} ·{' '}
            {order.event.venueName}
          </Text>
          <Text size="sm">
            {t('success.code')}{' '}
            <Text span fw={700} ff="monospace" data-testid="order-code">
              {order.code}
            </Text>
          </Text>
        </Stack>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              {received && phase !== 'PAID' && (
                <Alert color="teal" variant="light" role="status" data-testid="paguitos-received">
                  {t('paguitos.received')}
                </Alert>
              )}
              {phase === 'CANCELLED' && (
                <PlanNotice color="red" title={t('paguitos.cancelledTitle')} testId="paguitos-cancelled">
                  <Text size="sm">{t('paguitos.cancelledBody')}</Text>
                </PlanNotice>
              )}
              {phase === 'PAID' && (
                <PlanNotice color="teal" title={t('paguitos.paidTitle')} testId="paguitos-paid" role="status">
                  <Text size="sm">{t('paguitos.paidBody')}</Text>
                  <Button component={Link} to="/my-tickets">
                    {t('paguitos.toTickets')}
                  </Button>
                </PlanNotice>
              )}
              {phase === 'OVERDUE' && next && (
                <PlanNotice
                  color="red"
                  title={t('paguitos.overdueTitle')}
                  testId="paguitos-overdue"
                  role="alert"
                >
                  <Text size="sm">
                    {t('paguitos.overdueBody', {
                      payment: nameOf(next.seq, payments),
                      amount: money(next.amount),
                      date: formatDate(next.dueAt, locale, tz),
                      deadline: formatDate(Date.parse(next.dueAt) + GRACE_DAYS * DAY_MS, locale, tz),
                    })}
                  </Text>
                </PlanNotice>
              )}
              {phase === 'OPEN' && next && (
                <PlanNotice
                  color="blue"
                  title={t('paguitos.nextDue', {
                    amount: money(next.amount),
                    date: formatDate(next.dueAt, locale, tz),
                  })}
                  testId="paguitos-open"
                >
                  <Text size="sm">{t('paguitos.openBody')}</Text>
                  {plan.autoCharge && (
                    <Text size="sm" data-testid="paguitos-auto-charge">
                      {t('paguitos.autoCharge', {
                        brand: cardBrandName(plan.autoCharge.brand),
                        last4: plan.autoCharge.last4,
                      })}
                    </Text>
                  )}
                </PlanNotice>
              )}

              <PlanStatement order={order} plan={plan} phase={phase} locale={locale} />

              {phase !== 'CANCELLED' && phase !== 'PAID' && waiting !== null && (
                <WaitingPayment order={order} waiting={waiting} locale={locale} />
              )}
              {phase !== 'CANCELLED' && waiting !== null && (
                <SandboxLink paymentId={loaderData.sandboxPaymentId} />
              )}
              {(phase === 'OPEN' || phase === 'OVERDUE') && waiting === null && parts.balance > 0 && (
                <InstalmentPayForm
                  order={order}
                  parts={parts}
                  payments={payments}
                  offer={loaderData.offer}
                  walletBalance={loaderData.walletBalance}
                  locale={locale}
                  provider={loaderData.provider}
                  onPaid={onPaid}
                  onStale={onStale}
                />
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <OrderSummary locale={locale} figures={order} />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  )
}

/** The plan's payment still out: its voucher, its SPEI details, or a bank or card still answering. */
function WaitingPayment(props: {
  order: OrderView
  waiting: NonNullable<ReturnType<typeof waitingPaymentOf>>
  locale: Locale
}) {
  const { t } = useTranslation('checkout')
  const { order, waiting, locale } = props
  const spei = waiting === 'TRANSFER' && order.transfer?.kind === 'SPEI'
  const text =
    waiting === 'VOUCHER'
      ? t('paguitos.waitingVoucher')
      : spei
        ? t('paguitos.waitingTransfer')
        : waiting === 'TRANSFER'
          ? t('paguitos.waitingBank')
          : t('paguitos.waitingOther')
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      aria-labelledby="paguitos-waiting"
      data-testid="paguitos-waiting"
    >
      <Stack gap="md">
        <Title order={2} size="h4" id="paguitos-waiting">
          {t('paguitos.waitingTitle')}
        </Title>
        {waiting === 'VOUCHER' && order.voucher && (
          <VoucherDetails voucher={order.voucher} order={order} locale={locale} />
        )}
        {spei && order.transfer && <SpeiDetails transfer={order.transfer} order={order} locale={locale} />}
        {waiting === 'TRANSFER' && !spei && order.transfer?.redirectUrl && (
          <Button component="a" href={order.transfer.redirectUrl} variant="default">
            {t('transfer.pseGoToBank')}
          </Button>
        )}
        <WaitingNotice text={text} />
      </Stack>
    </Paper>
  )
}
