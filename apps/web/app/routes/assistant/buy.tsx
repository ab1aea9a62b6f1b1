import { Alert, Anchor, Button, Container, Grid, Stack, Text, Title } from '@mantine/core'
import type {
  CounterSaleBody,
  CourtesyQuota,
  CourtesyReasonList,
  ShiftView,
} from '@palco/domain/box-office/contract'
import type { CounterTenderEntry } from '@palco/domain/box-office/tenders'
import type { InstallmentQuote } from '@palco/domain/checkout/contract'
import { formatMoney } from '@palco/domain/format/format'
import { phonePrefixOf } from '@palco/domain/locale/country'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, redirect, useNavigate } from 'react-router'
import { ApiErrorAlert } from '../../components/ui/api-error-alert'
import { TitledSection } from '../../components/ui/titled-section'
import {
  courtesyQuotaPath,
  planQuotePath,
  reserveAtCounter,
  SHIFT_PATH,
  sellAtCounter,
  sellForLater,
} from '../../features/box-office/api/box-office'
import { BuyerPicker, type ChosenBuyer } from '../../features/box-office/components/buyer-picker'
import {
  EntryDocumentField,
  entryDocumentOf,
  NO_ENTRY_DOCUMENT,
} from '../../features/box-office/components/entry-document-field'
import { PayLaterForm, type PayLaterRequest } from '../../features/box-office/components/pay-later-form'
import {
  NO_PRICE_OVERRIDE,
  PriceOverrideField,
  priceOverrideOf,
} from '../../features/box-office/components/price-override-field'
import { ReserveForm } from '../../features/box-office/components/reserve-form'
import { TenderForm } from '../../features/box-office/components/tender-form'
import { counterPathOf } from '../../features/box-office/model/counter-paths'
import { hasParam, loadCart, uuidParam } from '../../features/checkout/api/load-checkout'
import { HoldAside } from '../../features/checkout/components/hold-aside'
import { ApiError, asApiError } from '../../lib/api-client'
import type { Route } from './+types/buy'

/** The three ways a counter sale goes: paid now, paid later online, or reserved to be paid at a counter. */
type SaleWay = 'charge' | 'later' | 'reserve'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/**
 * `/assistant/buy?reservation=<id>`: the counter sale (issue 15 parts 2 and 3). The operator's hold with its
 * timer and summary (the fans' components), the buyer, and the tenders; charging records the sale in the
 * open shift and leads to its receipt. Or the buyer pays later, by voucher or SPEI: the counter then hands
 * over the instructions from the fans' own voucher or transfer page. Or the seats are reserved for the buyer
 * until a deadline, to be paid at any counter with the receipt's code.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!hasParam(request, 'reservation')) throw redirect('/assistant')
  const reservationId = uuidParam(request, 'reservation')
  if (!reservationId) throw data(null, { status: 404 })
  const [cart, shift, reasons, plan] = await Promise.all([
    loadCart(request, context, reservationId),
    context.api<{ shift: ShiftView | null }>(SHIFT_PATH),
    context.api<CourtesyReasonList>('/api/checkout-service/courtesy-reasons'),
    context.api<InstallmentQuote>(planQuotePath(reservationId)),
  ])
  // An inscription's participants are asked for first, as online (issue 17): the sale needs them.
  if (cart.cart?.participantsForm === 'TO_FILL')
    throw redirect(`/assistant/inscriptions/form?reservation=${reservationId}`)
  const quota = cart.cart ? await context.api<CourtesyQuota>(courtesyQuotaPath(cart.cart.event.id)) : null
  return {
    ...cart,
    courtesy: {
      reasons: reasons.status === 200 ? reasons.data.reasons : [],
      quota: quota?.status === 200 ? quota.data : null,
      places: cart.cart?.lines.length ?? 0,
    },
    reservationId,
    // The event's paguitos plan for this hold, when it has one that fits: sold from its own page (issue 16).
    planSchedule: plan.status === 200 ? plan.data.schedule : null,
    shiftOpen: shift.status === 200 && shift.data.shift !== null,
    locale: context.locale,
    phonePrefix: phonePrefixOf(context.country),
    // An admin at the counter may lower a price further than an operator (the server checks it again).
    admin: context.session?.roles.includes('admin') ?? false,
  }
}

export default function CounterSale({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('boxoffice')
  const navigate = useNavigate()
  const { cart, locale, reservationId } = loaderData
  const [buyer, setBuyer] = useState<ChosenBuyer | null>(null)
  const [expired, setExpired] = useState(loaderData.errorCode === 'HOLD_EXPIRED')
  const [busy, setBusy] = useState(false)
  // Shown in the section whose button failed, next to what the operator just did.
  const [failed, setFailed] = useState<{ way: SaleWay; error: ApiError } | null>(null)
  const [missingBuyer, setMissingBuyer] = useState(false)
  const [entryDocument, setEntryDocument] = useState(NO_ENTRY_DOCUMENT)
  const [override, setOverride] = useState(NO_PRICE_OVERRIDE)
  const [tried, setTried] = useState(false)
  // One key per visit: a double tap on "charge" answers the same sale instead of selling twice.
  const [idempotencyKey] = useState(() => crypto.randomUUID())
  const onExpired = useCallback(() => setExpired(true), [])

  /** Places the sale (paid now or later) for the chosen buyer, then opens the page it leads to. */
  const place = async (way: SaleWay, sale: (base: Omit<CounterSaleBody, 'tenders'>) => Promise<string>) => {
    if (!cart) return
    setMissingBuyer(!buyer)
    setTried(true)
    const identification = entryDocumentOf(entryDocument)
    if (!buyer || identification === 'invalid') return
    setBusy(true)
    setFailed(null)
    try {
      const base = {
        reservationId,
        buyer: buyer.buyer,
        idempotencyKey,
        ...(identification ? { identification } : {}),
      }
      navigate(await sale({ ...base, expectedTotal: cart.total, currency: cart.currency }))
    } catch (err) {
      setFailed({ way, error: asApiError(err) })
      setBusy(false)
    }
  }
  // Only the sale paid now may be lowered; a sale paid later or reserved is at the listed price.
  const lowered = cart ? priceOverrideOf(override, cart.total, cart.currency, loaderData.admin) : null
  const charge = (tenders: CounterTenderEntry[]) =>
    place('charge', async (base) => {
      if (lowered === 'invalid') throw new ApiError('PRICE_OVERRIDE_INVALID', 422)
      const sold = await sellAtCounter({ ...base, tenders, ...(lowered ? { priceOverride: lowered } : {}) })
      return `/assistant/successful_purchase?sale=${sold.orderId}`
    })
  const payLater = (request: PayLaterRequest) =>
    place('later', async (base) => counterPathOf((await sellForLater({ ...base, ...request })).next))
  const reserve = (until: string) =>
    place('reserve', async (base) => {
      const reserved = await reserveAtCounter({ ...base, until })
      return `/assistant/successful_purchase?sale=${reserved.orderId}`
    })

  const title = t('sale.title')
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
  return (
    <Container size="lg" py="lg" px="md">
      <title>{`${title} · Palco`}</title>
      <Stack gap="md">
        <Stack gap={4}>
          <Anchor
            component={Link}
            to={`/assistant/stadium?event=${encodeURIComponent(cart.event.slug)}`}
            size="sm"
          >
            {t('sale.backToSeats')}
          </Anchor>
          <Title order={1}>{title}</Title>
        </Stack>
        {!loaderData.shiftOpen && (
          <Alert color="orange" variant="light" role="alert" data-testid="no-shift">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('errors:codes.SHIFT_NOT_OPEN')}</Text>
              <Button component={Link} to="/assistant" size="xs">
                {t('sale.openShift')}
              </Button>
            </Stack>
          </Alert>
        )}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
            <Stack gap="md">
              <TitledSection titleSize="h4" title={t('buyer.title')}>
                <BuyerPicker
                  phonePrefix={loaderData.phonePrefix}
                  onBuyer={(b) => {
                    setBuyer(b)
                    if (b) setMissingBuyer(false)
                  }}
                />
                {buyer && (
                  <Text size="sm" fw={600} data-testid="chosen-buyer">
                    {t('buyer.chosen', { name: buyer.label })}
                  </Text>
                )}
                {missingBuyer && (
                  <Text size="sm" c="red" role="alert">
                    {t('buyer.required')}
                  </Text>
                )}
                <EntryDocumentField value={entryDocument} onChange={setEntryDocument} showErrors={tried} />
              </TitledSection>
              <TitledSection titleSize="h4" title={t('tender.title')}>
                <PriceOverrideField
                  value={override}
                  onChange={setOverride}
                  listTotal={cart.total}
                  currency={cart.currency}
                  locale={locale}
                  byAdmin={loaderData.admin}
                  showErrors={tried}
                />
                <TenderForm
                  total={lowered && lowered !== 'invalid' ? lowered.total : cart.total}
                  currency={cart.currency}
                  locale={locale}
                  busy={busy}
                  disabled={expired || !loaderData.shiftOpen}
                  courtesy={loaderData.courtesy}
                  onSubmit={charge}
                />
                <ApiErrorAlert error={failed?.way === 'charge' ? failed.error : null} />
              </TitledSection>
              {loaderData.planSchedule && (
                <TitledSection titleSize="h4" title={t('plan.title')}>
                  <Text size="sm">{t('plan.offerLead')}</Text>
                  <Button
                    component={Link}
                    to={`/assistant/installment?reservation=${reservationId}`}
                    variant="light"
                    data-testid="sell-on-plan"
                  >
                    {t('plan.offer', {
                      deposit: formatMoney(
                        { amount: loaderData.planSchedule.deposit, currency: cart.currency },
                        locale,
                      ),
                      count: loaderData.planSchedule.payments.length,
                    })}
                  </Button>
                </TitledSection>
              )}
              <TitledSection titleSize="h4" title={t('payLater.title')}>
                <PayLaterForm
                  cart={cart}
                  buyerName={buyer?.label ?? ''}
                  busy={busy}
                  disabled={expired || !loaderData.shiftOpen}
                  onSubmit={payLater}
                />
                <ApiErrorAlert error={failed?.way === 'later' ? failed.error : null} />
              </TitledSection>
              <TitledSection titleSize="h4" title={t('reserve.title')}>
                <ReserveForm
                  eventStartsAt={cart.event.startsAt}
                  timeZone={cart.event.timeZone}
                  busy={busy}
                  disabled={expired || !loaderData.shiftOpen}
                  onSubmit={reserve}
                />
                <ApiErrorAlert error={failed?.way === 'reserve' ? failed.error : null} />
              </TitledSection>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
            <HoldAside cart={cart} locale={locale} onExpired={onExpired} actor="operator" />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  )
}
