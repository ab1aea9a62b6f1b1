import { Alert, Anchor, Button, Container, Grid, Stack, Text, TextInput, Title } from '@mantine/core'
import type { CounterPlanBody, ShiftView } from '@palco/domain/box-office/contract'
import type { CounterTenderEntry } from '@palco/domain/box-office/tenders'
import type { InstallmentQuote, OrderView } from '@palco/domain/checkout/contract'
import { formatDate, formatMoney } from '@palco/domain/format/format'
import { phonePrefixOf } from '@palco/domain/locale/country'
import type { DocumentType } from '@palco/domain/people/vocabulary'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, redirect, useNavigate, useRevalidator } from 'react-router'
import { ApiErrorAlert } from '../../components/ui/api-error-alert'
import { TitledSection } from '../../components/ui/titled-section'
import {
  payPlanAtCounter,
  planPath,
  planQuotePath,
  SHIFT_PATH,
  sellOnPlan,
} from '../../features/box-office/api/box-office'
import { BuyerPicker, type ChosenBuyer } from '../../features/box-office/components/buyer-picker'
import { DocumentFields } from '../../features/box-office/components/document-fields'
import { moneyTendersOf, TenderForm } from '../../features/box-office/components/tender-form'
import { hasParam, loadCart, uuidParam } from '../../features/checkout/api/load-checkout'
import { HoldAside } from '../../features/checkout/components/hold-aside'
import {
  InstalmentPartChoice,
  useInstalmentPart,
} from '../../features/checkout/components/instalment-part-choice'
import { InstalmentSchedule } from '../../features/checkout/components/instalment-schedule'
import { OrderSummary } from '../../features/checkout/components/order-summary'
import { PlanNotice } from '../../features/checkout/components/plan-notice'
import { PlanStatement } from '../../features/checkout/components/plan-statement'
import { payableParts, planPhase } from '../../features/checkout/model/instalment-plan'
import { ApiError, asApiError } from '../../lib/api-client'
import type { Route } from './+types/installment'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/**
 * `/assistant/installment` (spec §2, the twin of /checkout/installment; issues 15 and 16), two pages in one:
 * - `?reservation=<id>`: the operator's hold sold on its event's paguitos plan — the schedule, the buyer (a
 *   fan with an email: the plan's reminders reach them), the payer's document, and the deposit taken in cash
 *   or at the card terminal in the open shift;
 * - `?order=<id>`: a plan of the country — where each payment stands — and its next instalment or its whole
 *   balance taken at the counter. `&change=` says what to give back after a payment.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const shift = await context.api<{ shift: ShiftView | null }>(SHIFT_PATH)
  const shiftOpen = shift.status === 200 && shift.data.shift !== null
  const change = Number(url.searchParams.get('change') ?? '')
  const common = {
    shiftOpen,
    locale: context.locale,
    change: Number.isSafeInteger(change) && change >= 0 && url.searchParams.has('change') ? change : null,
  }
  if (hasParam(request, 'order')) {
    const orderId = uuidParam(request, 'order')
    const res = orderId ? await context.api<OrderView>(planPath(orderId)) : null
    if (res?.status !== 200 || !res.data.plan) throw data(null, { status: 404 })
    return { mode: 'order' as const, order: res.data, ...common }
  }
  if (!hasParam(request, 'reservation')) throw redirect('/assistant')
  const reservationId = uuidParam(request, 'reservation')
  if (!reservationId) throw data(null, { status: 404 })
  const [cart, quote] = await Promise.all([
    loadCart(request, context, reservationId),
    context.api<InstallmentQuote>(planQuotePath(reservationId)),
  ])
  return {
    mode: 'buy' as const,
    ...cart,
    ...common,
    reservationId,
    quote: quote.status === 200 ? quote.data : null,
    phonePrefix: phonePrefixOf(context.country),
  }
}

export default function CounterInstallment({ loaderData }: Route.ComponentProps) {
  if (loaderData.mode === 'order') return <CounterPlanPage data={loaderData} />
  return <SellOnPlan data={loaderData} />
}

type BuyData = Extract<Route.ComponentProps['loaderData'], { mode: 'buy' }>
type OrderData = Extract<Route.ComponentProps['loaderData'], { mode: 'order' }>

/** The alert that no sale is taken before the operator's shift is open. */
function NoShift() {
  const { t } = useTranslation(['boxoffice', 'errors'])
  return (
    <Alert color="orange" variant="light" role="alert" data-testid="no-shift">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('errors:codes.SHIFT_NOT_OPEN')}</Text>
        <Button component={Link} to="/assistant" size="xs">
          {t('sale.openShift')}
        </Button>
      </Stack>
    </Alert>
  )
}

/** `?reservation=`: the hold sold on the event's plan, the deposit taken at the counter. */
function SellOnPlan({ data: loaderData }: { data: BuyData }) {
  const { t } = useTranslation(['boxoffice', 'checkout'])
  const navigate = useNavigate()
  const { cart, locale, reservationId } = loaderData
  const schedule = loaderData.quote?.schedule ?? null
  const [buyer, setBuyer] = useState<ChosenBuyer | null>(null)
  const [payerName, setPayerName] = useState('')
  const [documentType, setDocumentType] = useState<DocumentType | ''>('')
  const [documentNumber, setDocumentNumber] = useState('')
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState<ApiError | null>(null)
  const [expired, setExpired] = useState(loaderData.errorCode === 'HOLD_EXPIRED')
  // One key per visit: a double tap on "take the deposit" answers the same sale.
  const [idempotencyKey] = useState(() => crypto.randomUUID())
  const onExpired = useCallback(() => setExpired(true), [])

  const title = t('plan.title')
  if (!cart) {
    return (
      <Container size="sm" py="xl" px="md">
        <title>{`${title} · Palco`}</title>
        <Stack gap="md" align="flex-start">
          <Title order={1}>{title}</Title>
          <ApiErrorAlert error={new ApiError(loaderData.errorCode, 0)} />
          <Button component={Link} to="/assistant">
            {t('sale.backHome')}
          </Button>
        </Stack>
      </Container>
    )
  }
  const name = (payerName || buyer?.label || '').trim()
  const documentOk = /^[A-Za-z0-9-]{3,20}$/.test(documentNumber.trim())
  const takeDeposit = async (tenders: CounterTenderEntry[]) => {
    setTried(true)
    if (!buyer || !schedule || !documentType || !documentOk || name.length < 2) return
    setBusy(true)
    setFailed(null)
    const body: CounterPlanBody = {
      reservationId,
      buyer: buyer.buyer,
      billing: { fullName: name, documentType, documentNumber: documentNumber.trim() },
      tenders: moneyTendersOf(tenders),
      expectedTotal: cart.total,
      expectedDeposit: schedule.deposit,
      currency: cart.currency,
      idempotencyKey,
    }
    try {
      const sold = await sellOnPlan(body)
      navigate(`/assistant/installment?order=${sold.orderId}&change=${sold.change}`)
    } catch (err) {
      setFailed(asApiError(err))
      setBusy(false)
    }
  }
  const money = (amount: number) => formatMoney({ amount, currency: cart.currency }, locale)
  return (
    <Container size="lg" py="lg" px="md">
      <title>{`${title} · Palco`}</title>
      <Stack gap="md">
        <Stack gap={4}>
          <Anchor component={Link} to={`/assistant/buy?reservation=${reservationId}`} size="sm">
            {t('plan.backToSale')}
          </Anchor>
          <Title order={1}>{title}</Title>
          {schedule && <Text>{t('plan.lead', { count: schedule.payments.length })}</Text>}
        </Stack>
        {!loaderData.shiftOpen && <NoShift />}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
            {!schedule ? (
              <PlanNotice
                color="orange"
                title={t('checkout:paguitos.notOfferedTitle')}
                testId="paguitos-not-offered"
              >
                <Text size="sm">{t('plan.notOffered')}</Text>
                <Button component={Link} to={`/assistant/buy?reservation=${reservationId}`}>
                  {t('plan.backToSale')}
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
                <TitledSection titleSize="h4" title={t('buyer.title')}>
                  <Text size="sm">{t('plan.buyerLead')}</Text>
                  <BuyerPicker phonePrefix={loaderData.phonePrefix} onBuyer={setBuyer} />
                  {buyer && (
                    <Text size="sm" fw={600} data-testid="chosen-buyer">
                      {t('buyer.chosen', { name: buyer.label })}
                    </Text>
                  )}
                  {tried && !buyer && (
                    <Text size="sm" c="red" role="alert">
                      {t('buyer.required')}
                    </Text>
                  )}
                  <TextInput
                    label={t('payLater.payerName')}
                    description={t('payLater.payerNameHint')}
                    value={payerName}
                    onChange={(e) => setPayerName(e.currentTarget.value)}
                    maxLength={120}
                    autoComplete="off"
                    error={tried && name.length < 2 ? t('errors:fields.required') : undefined}
                  />
                  <DocumentFields
                    documentType={documentType}
                    documentNumber={documentNumber}
                    onType={setDocumentType}
                    onNumber={setDocumentNumber}
                    typeMissing={tried && !documentType}
                    numberInvalid={tried && !documentOk}
                  />
                </TitledSection>
                <TitledSection
                  titleSize="h4"
                  title={t('plan.depositTitle', { amount: money(schedule.deposit) })}
                >
                  <TenderForm
                    total={schedule.deposit}
                    currency={cart.currency}
                    locale={locale}
                    busy={busy}
                    disabled={expired || !loaderData.shiftOpen}
                    onSubmit={(tenders) => void takeDeposit(tenders)}
                  />
                  <ApiErrorAlert error={failed} />
                </TitledSection>
              </Stack>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
            <HoldAside cart={cart} locale={locale} onExpired={onExpired} actor="operator" />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  )
}

/** `?order=`: a plan of the country, and its next instalment or balance taken at the counter. */
function CounterPlanPage({ data: loaderData }: { data: OrderData }) {
  const { t } = useTranslation(['boxoffice', 'checkout'])
  const navigate = useNavigate()
  const { revalidate } = useRevalidator()
  const { order, locale } = loaderData
  const plan = order.plan as NonNullable<OrderView['plan']>
  const phase = planPhase({ status: order.status, plan })
  const parts = payableParts(order)
  const { choice, part, amount, setPart } = useInstalmentPart(parts)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState<ApiError | null>(null)
  // One key per amount shown: a double tap takes one payment; after it, the next gets its own.
  const [idempotencyKey, setKey] = useState(() => crypto.randomUUID())
  const tz = order.event.timeZone
  const money = (value: number) => formatMoney({ amount: value, currency: order.currency }, locale)

  const take = async (tenders: CounterTenderEntry[]) => {
    setBusy(true)
    setFailed(null)
    try {
      const paid = await payPlanAtCounter(order.id, {
        part,
        expectedAmount: amount,
        tenders: moneyTendersOf(tenders),
        idempotencyKey,
      })
      setKey(crypto.randomUUID())
      navigate(`/assistant/installment?order=${order.id}&change=${paid.change}`, { replace: true })
    } catch (err) {
      const error = asApiError(err)
      setFailed(error)
      // The plan moved meanwhile (paid online, an amount changed): read it again.
      if (error.code === 'AMOUNT_MISMATCH' || error.code === 'ORDER_NOT_PAYABLE') void revalidate()
    } finally {
      setBusy(false)
    }
  }

  const title = t('plan.planTitle', { code: order.code })
  const open = phase === 'OPEN' || phase === 'OVERDUE'
  return (
    <Container size="lg" py="lg" px="md">
      <title>{`${title} · Palco`}</title>
      <Stack gap="md">
        <Stack gap={4}>
          <Anchor component={Link} to="/assistant" size="sm">
            {t('sale.backHome')}
          </Anchor>
          <Title order={1}>{title}</Title>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {order.event.name}
          </Text>
          <Text size="sm">
            {formatDate(order.event.startsAt, locale, tz)} · {order.event.venueName}
          </Text>
        </Stack>
        {loaderData.change !== null && (
          <Alert color="teal" variant="light" role="status" data-testid="plan-payment-taken">
            {t('plan.taken', { change: money(loaderData.change) })}
          </Alert>
        )}
        {open && !loaderData.shiftOpen && <NoShift />}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              {phase === 'CANCELLED' && (
                <PlanNotice
                  color="red"
                  title={t('checkout:paguitos.cancelledTitle')}
                  testId="paguitos-cancelled"
                >
                  <Text size="sm">{t('plan.cancelled')}</Text>
                </PlanNotice>
              )}
              {phase === 'PAID' && (
                <PlanNotice
                  color="teal"
                  title={t('checkout:paguitos.paidTitle')}
                  testId="paguitos-paid"
                  role="status"
                >
                  <Text size="sm">{t('plan.paid')}</Text>
                </PlanNotice>
              )}
              <PlanStatement order={order} plan={plan} phase={phase} locale={locale} />
              {open && parts.balance > 0 && (
                <TitledSection titleSize="h4" title={t('plan.takeTitle', { amount: money(amount) })}>
                  {choice && (
                    <InstalmentPartChoice
                      parts={parts}
                      part={part}
                      onChange={setPart}
                      disabled={busy}
                      payments={plan.lines.length - 1}
                      currency={order.currency}
                      locale={locale}
                      timeZone={tz}
                    />
                  )}
                  <TenderForm
                    // A new amount is a new count of the cash: the form starts again.
                    key={`${part}-${amount}`}
                    total={amount}
                    currency={order.currency}
                    locale={locale}
                    busy={busy}
                    disabled={!loaderData.shiftOpen}
                    onSubmit={(tenders) => void take(tenders)}
                  />
                  <ApiErrorAlert error={failed} />
                </TitledSection>
              )}
              {open && parts.balance === 0 && (
                <Text size="sm" data-testid="plan-in-flight">
                  {t('plan.inFlight')}
                </Text>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <OrderSummary locale={locale} figures={order} actor="operator" />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  )
}
