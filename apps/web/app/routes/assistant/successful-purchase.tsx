import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { CounterSale, CourtesyReasonList, ShiftView } from '@palco/domain/box-office/contract'
import type { CounterTenderEntry } from '@palco/domain/box-office/tenders'

/** What pays a reservation: money only (the form offers no courtesy for it). */

import { formatDate, formatMoney, formatTime } from '@palco/domain/format/format'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, redirect, useRevalidator } from 'react-router'
import { ApiErrorAlert } from '../../components/ui/api-error-alert'
import { collectReservation, SHIFT_PATH, salePath, voidSale } from '../../features/box-office/api/box-office'
import { PaymentLinkPanel } from '../../features/box-office/components/payment-link'
import { SaleReceipt, statusWordOf } from '../../features/box-office/components/sale-receipt'
import { PRINT_AREA, SCREEN_ONLY } from '../../features/box-office/components/screen-only'
import { moneyTendersOf, TenderForm } from '../../features/box-office/components/tender-form'
import { hasParam, uuidParam } from '../../features/checkout/api/load-checkout'
import { SeatLine } from '../../features/checkout/components/order-summary'
import { type ApiError, asApiError } from '../../lib/api-client'
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
  const [sale, setSale] = useState(loaderData.sale)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const voided = sale.status === 'REFUNDED'
  const collectTitle = useId()
  // One key per visit: a double tap on "charge" collects once.
  const [collectKey] = useState(() => crypto.randomUUID())
  const link = sale.payLater?.link ?? null
  const revalidator = useRevalidator()
  // The buyer may pay a card link on their phone at the counter: the receipt follows the sale meanwhile.
  useEffect(() => setSale(loaderData.sale), [loaderData.sale])
  useEffect(() => {
    if (!link) return
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate()
    }, 4000)
    return () => clearInterval(timer)
  }, [link, revalidator])

  /** Runs one change to the sale (a void, a collection) and shows the sale as it now is. */
  const change = async (act: () => Promise<CounterSale>) => {
    setBusy(true)
    setError(null)
    try {
      setSale(await act())
    } catch (err) {
      setError(asApiError(err))
    } finally {
      setBusy(false)
    }
  }
  const undo = () => change(() => voidSale(sale.orderId))
  const collect = (tenders: CounterTenderEntry[]) =>
    change(() =>
      collectReservation(sale.orderId, {
        tenders: moneyTendersOf(tenders),
        idempotencyKey: collectKey,
      }),
    )

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
          <Paper
            component="section"
            withBorder
            radius="md"
            p="md"
            aria-labelledby={collectTitle}
            className={SCREEN_ONLY}
          >
            <Stack gap="sm">
              <Title order={2} size="h4" id={collectTitle}>
                {t('receipt.collectTitle')}
              </Title>
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
            </Stack>
          </Paper>
        )}
        <ApiErrorAlert error={error} />
        <Group className={SCREEN_ONLY} wrap="wrap">
          <Button onClick={() => window.print()} variant="default">
            {t('receipt.print')}
          </Button>
          {!voided && sale.tickets.length > 0 && (
            <Button
              component="a"
              href={`${salePath(sale.orderId)}/tickets.pdf`}
              target="_blank"
              rel="noopener"
              variant="default"
              data-testid="print-tickets"
            >
              {t('receipt.printTickets', { count: sale.tickets.length })}
            </Button>
          )}
          {!voided && sale.tickets.length > 0 && (
            <Button
              component="a"
              href={`${salePath(sale.orderId)}/tickets.pdf?layout=thermal`}
              target="_blank"
              rel="noopener"
              variant="default"
              data-testid="print-tickets-thermal"
            >
              {t('receipt.printThermal')}
            </Button>
          )}
          {sale.payLater && sale.payLater.method !== 'LINK' && sale.status.startsWith('PENDING') && (
            <Button
              component={Link}
              to={`/assistant/${sale.payLater.method === 'TRANSFER' ? 'transfer' : 'cash'}?order=${sale.orderId}`}
              variant="default"
            >
              {t('receipt.instructions')}
            </Button>
          )}
          <Button component={Link} to="/assistant">
            {t('receipt.nextSale')}
          </Button>
          {sale.voidableUntil && !voided && (
            <Button color="red" variant="light" onClick={undo} loading={busy} data-testid="void-sale">
              {t('receipt.void', { time: formatTime(sale.voidableUntil, locale) })}
            </Button>
          )}
        </Group>
      </Stack>
    </Container>
  )
}
