import { Alert, Container, Stack, Text, Title } from '@mantine/core'
import type { CounterSale, CourtesyReasonList, ShiftView } from '@palco/domain/box-office/contract'
import { formatDate, formatMoney, formatTime } from '@palco/domain/format/format'
import { useTranslation } from 'react-i18next'
import { data, redirect } from 'react-router'
import { ApiErrorAlert } from '../../components/ui/api-error-alert'
import { TitledSection } from '../../components/ui/titled-section'
import { SHIFT_PATH, salePath } from '../../features/box-office/api/box-office'
import { PaymentLinkPanel } from '../../features/box-office/components/payment-link'
import { ReceiptActions } from '../../features/box-office/components/receipt-actions'
import { SaleReceipt, statusWordOf } from '../../features/box-office/components/sale-receipt'
import { PRINT_AREA, SCREEN_ONLY } from '../../features/box-office/components/screen-only'
import { TenderForm } from '../../features/box-office/components/tender-form'
import { useReceipt } from '../../features/box-office/hooks/use-receipt'
import { hasParam, uuidParam } from '../../features/checkout/api/load-checkout'
import { SeatLine } from '../../features/checkout/components/order-summary'
import type { Route } from './+types/successful-purchase'

/** The receipt page's heading for each outcome of the sale. */
const TITLES = {
  paid: 'receipt.pageTitle',
  voided: 'receipt.voidedTitle',
  reserved: 'receipt.reservedTitle',
  awaiting: 'receipt.awaitingTitle',
  unpaid: 'receipt.unpaidTitle',
} as const

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/**
 * `/assistant/successful_purchase?sale=<id>`: the counter sale's receipt (issue 15), printable, with the
 * change to hand back, and a void while its 30 minutes run; for a sale the buyer pays later, its status and
 * the way back to the payment instructions; for a reservation, until when its seats are kept and the form
 * that takes its payment (any counter of the country opens it by the receipt's code).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!hasParam(request, 'sale')) throw redirect('/assistant')
  const id = uuidParam(request, 'sale')
  if (!id) throw data(null, { status: 404 })
  const [res, reasons, shift] = await Promise.all([
    context.api<CounterSale>(salePath(id)),
    context.api<CourtesyReasonList>('/api/checkout-service/courtesy-reasons'),
    context.api<{ shift: ShiftView | null }>(SHIFT_PATH),
  ])
  if (res.status === 404) throw data(null, { status: 404 })
  if (res.status !== 200) throw data(null, { status: 503 })
  return {
    sale: res.data,
    seller: context.session?.name ?? '',
    locale: context.locale,
    reasons: reasons.status === 200 ? reasons.data.reasons : [],
    shiftOpen: shift.status === 200 && shift.data.shift !== null,
  }
}

export default function CounterReceipt({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('boxoffice')
  const { locale } = loaderData
  const { sale, link, busy, error, undo, collect } = useReceipt(loaderData.sale)
  const voided = sale.status === 'REFUNDED'
  return (
    <Container size="sm" py="xl" px="md" className={PRINT_AREA}>
      <title>{`${t('receipt.pageTitle')} · Palco`}</title>
      <Stack gap="md">
        <Title order={1} className={SCREEN_ONLY}>
          {t(TITLES[statusWordOf(sale)])}
        </Title>
        {sale.reservedUntil && (
          <Alert color="blue" variant="light" data-testid="reserved-until">
            {t('receipt.reservedUntil', {
              date: formatDate(sale.reservedUntil, locale),
              time: formatTime(sale.reservedUntil, locale),
              code: sale.code,
            })}
          </Alert>
        )}
        {!voided && sale.change > 0 && (
          <Alert color="teal" variant="light" className={SCREEN_ONLY} data-testid="hand-change">
            <Text fw={700}>
              {t('receipt.handChange', {
                amount: formatMoney({ amount: sale.change, currency: sale.currency }, locale),
              })}
            </Text>
          </Alert>
        )}
        {link && (
          <div className={SCREEN_ONLY}>
            <PaymentLinkPanel link={link} locale={locale} />
          </div>
        )}
        <SaleReceipt
          sale={sale}
          seller={loaderData.seller}
          locale={locale}
          renderLine={(line) => <SeatLine line={line} />}
          reasonName={(code) => loaderData.reasons.find((r) => r.code === code)?.name ?? code}
        />
        {sale.reservedUntil && (
          <TitledSection title={t('receipt.collectTitle')} titleSize="h4" className={SCREEN_ONLY}>
            {!loaderData.shiftOpen && (
              <Text size="sm" c="orange.9" role="alert">
                {t('errors:codes.SHIFT_NOT_OPEN')}
              </Text>
            )}
            <TenderForm
              total={sale.total}
              currency={sale.currency}
              locale={locale}
              busy={busy}
              disabled={!loaderData.shiftOpen}
              onSubmit={collect}
            />
          </TitledSection>
        )}
        <ApiErrorAlert error={error} />
        <ReceiptActions sale={sale} locale={locale} busy={busy} onVoid={undo} />
      </Stack>
    </Container>
  )
}
