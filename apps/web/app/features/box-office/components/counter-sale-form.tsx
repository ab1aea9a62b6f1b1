import { Button, Stack, Text } from '@mantine/core'
import type { CounterSaleBody, CourtesyQuota, CourtesyReasonList } from '@palco/domain/box-office/contract'
import type { CounterTenderEntry } from '@palco/domain/box-office/tenders'
import type { Cart, InstallmentQuote } from '@palco/domain/checkout/contract'
import { formatMoney } from '@palco/domain/format/format'
import type { Locale, PhonePrefix } from '@palco/domain/locale/country'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { TitledSection } from '../../../components/ui/titled-section'
import { ApiError, asApiError } from '../../../lib/api-client'
import { reserveAtCounter, sellAtCounter, sellForLater } from '../api/box-office'
import { counterPathOf } from '../model/counter-paths'
import { BuyerChoice, type ChosenBuyer } from './buyer-picker'
import { EntryDocumentField, entryDocumentOf, NO_ENTRY_DOCUMENT } from './entry-document-field'
import { PayLaterForm, type PayLaterRequest } from './pay-later-form'
import { NO_PRICE_OVERRIDE, PriceOverrideField, priceOverrideOf } from './price-override-field'
import { ReserveForm } from './reserve-form'
import { TenderForm } from './tender-form'

/** The three ways a counter sale goes: paid now, paid later online, or reserved to be paid at a counter. */
type SaleWay = 'charge' | 'later' | 'reserve'

type PlanSchedule = NonNullable<InstallmentQuote['schedule']>

interface SaleProps {
  cart: Cart
  reservationId: string
  locale: Locale
  phonePrefix: PhonePrefix
  /** An admin at the counter may lower a price further than an operator (the server checks it again). */
  admin: boolean
  courtesy: { reasons: CourtesyReasonList['reasons']; quota: CourtesyQuota | null; places: number }
  /** The event's paguitos plan for this hold, when it has one that fits: sold from its own page (issue 16). */
  planSchedule: PlanSchedule | null
  disabled: boolean
}

/**
 * The counter's part of the payment step (issue 15 parts 2 and 3): the buyer, then the ways the sale goes —
 * charged now in tenders (a price lowered with a reason, or a courtesy), on the event's paguitos plan, paid
 * later by voucher, SPEI or link, or reserved until a deadline. Each records the sale in the open shift and
 * opens the page it leads to; a lapsed hold or a closed shift disables them.
 */
export function CounterSaleForm(props: SaleProps) {
  const { t } = useTranslation('boxoffice')
  const { cart, locale } = props
  const sale = useCounterSale(props)
  const failedIn = (way: SaleWay) => (sale.failed?.way === way ? sale.failed.error : null)
  return (
    <Stack gap="md">
      <TitledSection titleSize="h4" title={t('buyer.title')}>
        <BuyerChoice
          phonePrefix={props.phonePrefix}
          buyer={sale.buyer}
          onBuyer={sale.chooseBuyer}
          missing={sale.missingBuyer}
        />
        <EntryDocumentField
          value={sale.entryDocument}
          onChange={sale.setEntryDocument}
          showErrors={sale.tried}
        />
      </TitledSection>
      <TitledSection titleSize="h4" title={t('tender.title')}>
        <PriceOverrideField
          value={sale.override}
          onChange={sale.setOverride}
          listTotal={cart.total}
          currency={cart.currency}
          locale={locale}
          byAdmin={props.admin}
          showErrors={sale.tried}
        />
        <TenderForm
          total={sale.lowered && sale.lowered !== 'invalid' ? sale.lowered.total : cart.total}
          currency={cart.currency}
          locale={locale}
          busy={sale.busy}
          disabled={props.disabled}
          courtesy={props.courtesy}
          onSubmit={sale.charge}
        />
        <ApiErrorAlert error={failedIn('charge')} />
      </TitledSection>
      {props.planSchedule && <PlanOffer {...props} schedule={props.planSchedule} />}
      <TitledSection titleSize="h4" title={t('payLater.title')}>
        <PayLaterForm
          cart={cart}
          buyerName={sale.buyer?.label ?? ''}
          busy={sale.busy}
          disabled={props.disabled}
          onSubmit={sale.payLater}
        />
        <ApiErrorAlert error={failedIn('later')} />
      </TitledSection>
      <TitledSection titleSize="h4" title={t('reserve.title')}>
        <ReserveForm
          eventStartsAt={cart.event.startsAt}
          timeZone={cart.event.timeZone}
          busy={sale.busy}
          disabled={props.disabled}
          onSubmit={sale.reserve}
        />
        <ApiErrorAlert error={failedIn('reserve')} />
      </TitledSection>
    </Stack>
  )
}

/** The sale's state: its buyer and fields, one idempotency key per visit, and the three ways to place it. */
function useCounterSale({ cart, reservationId, admin }: SaleProps) {
  const navigate = useNavigate()
  const [buyer, setBuyer] = useState<ChosenBuyer | null>(null)
  const [busy, setBusy] = useState(false)
  // Shown in the section whose button failed, next to what the operator just did.
  const [failed, setFailed] = useState<{ way: SaleWay; error: ApiError } | null>(null)
  const [missingBuyer, setMissingBuyer] = useState(false)
  const [entryDocument, setEntryDocument] = useState(NO_ENTRY_DOCUMENT)
  const [override, setOverride] = useState(NO_PRICE_OVERRIDE)
  const [tried, setTried] = useState(false)
  // One key per visit: a double tap on "charge" answers the same sale instead of selling twice.
  const [idempotencyKey] = useState(() => crypto.randomUUID())

  /** Places the sale (paid now or later) for the chosen buyer, then opens the page it leads to. */
  const place = async (way: SaleWay, sale: (base: Omit<CounterSaleBody, 'tenders'>) => Promise<string>) => {
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
  const lowered = priceOverrideOf(override, cart.total, cart.currency, admin)
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
  const chooseBuyer = (chosen: ChosenBuyer | null) => {
    setBuyer(chosen)
    if (chosen) setMissingBuyer(false)
  }
  return {
    buyer,
    chooseBuyer,
    busy,
    failed,
    missingBuyer,
    tried,
    entryDocument,
    setEntryDocument,
    override,
    setOverride,
    lowered,
    charge,
    payLater,
    reserve,
  }
}

/** The event's paguitos plan offered for this hold, sold from its own page (issue 16). */
function PlanOffer(props: SaleProps & { schedule: PlanSchedule }) {
  const { t } = useTranslation('boxoffice')
  const { schedule, cart } = props
  return (
    <TitledSection titleSize="h4" title={t('plan.title')}>
      <Text size="sm">{t('plan.offerLead')}</Text>
      <Button
        component={Link}
        to={`/assistant/installment?reservation=${props.reservationId}`}
        variant="light"
        data-testid="sell-on-plan"
      >
        {t('plan.offer', {
          deposit: formatMoney({ amount: schedule.deposit, currency: cart.currency }, props.locale),
          count: schedule.payments.length,
        })}
      </Button>
    </TitledSection>
  )
}
