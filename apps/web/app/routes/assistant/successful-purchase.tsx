import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core'
import type { CounterSale, CourtesyReasonList } from '@palco/domain/box-office/contract'
import { formatMoney, formatTime } from '@palco/domain/format/format'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, redirect } from 'react-router'
import { ApiErrorAlert } from '../../components/ui/api-error-alert'
import { salePath, voidSale } from '../../features/box-office/api/box-office'
import { SaleReceipt } from '../../features/box-office/components/sale-receipt'
import { PRINT_AREA, SCREEN_ONLY } from '../../features/box-office/components/screen-only'
import { hasParam, uuidParam } from '../../features/checkout/api/load-checkout'
import { SeatLine } from '../../features/checkout/components/order-summary'
import { type ApiError, asApiError } from '../../lib/api-client'
import type { Route } from './+types/successful-purchase'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/**
 * `/assistant/successful_purchase?sale=<id>`: the counter sale's receipt (issue 15), printable, with the
 * change to hand back, and a void while its 30 minutes run; for a sale the buyer pays later, its status and
 * the way back to the payment instructions.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!hasParam(request, 'sale')) throw redirect('/assistant')
  const id = uuidParam(request, 'sale')
  if (!id) throw data(null, { status: 404 })
  const [res, reasons] = await Promise.all([
    context.api<CounterSale>(salePath(id)),
    context.api<CourtesyReasonList>('/api/checkout-service/courtesy-reasons'),
  ])
  if (res.status === 404) throw data(null, { status: 404 })
  if (res.status !== 200) throw data(null, { status: 503 })
  return {
    sale: res.data,
    seller: context.session?.name ?? '',
    locale: context.locale,
    reasons: reasons.status === 200 ? reasons.data.reasons : [],
  }
}

export default function CounterReceipt({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('boxoffice')
  const { locale } = loaderData
  const [sale, setSale] = useState(loaderData.sale)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const voided = sale.status === 'REFUNDED'

  const undo = async () => {
    setBusy(true)
    setError(null)
    try {
      setSale(await voidSale(sale.orderId))
    } catch (err) {
      setError(asApiError(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Container size="sm" py="xl" px="md" className={PRINT_AREA}>
      <title>{`${t('receipt.pageTitle')} · Palco`}</title>
      <Stack gap="md">
        <Title order={1} className={SCREEN_ONLY}>
          {t(voided ? 'receipt.voidedTitle' : 'receipt.pageTitle')}
        </Title>
        {!voided && sale.change > 0 && (
          <Alert color="teal" variant="light" className={SCREEN_ONLY} data-testid="hand-change">
            <Text fw={700}>
              {t('receipt.handChange', {
                amount: formatMoney({ amount: sale.change, currency: sale.currency }, locale),
              })}
            </Text>
          </Alert>
        )}
        <SaleReceipt
          sale={sale}
          seller={loaderData.seller}
          locale={locale}
          renderLine={(line) => <SeatLine line={line} />}
          reasonName={(code) => loaderData.reasons.find((r) => r.code === code)?.name ?? code}
        />
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
          {sale.payLater && sale.status.startsWith('PENDING') && (
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
