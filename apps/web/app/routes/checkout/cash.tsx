import { Container, Paper, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { redirect } from 'react-router'
import { CounterPageActions } from '../../features/box-office/components/counter-page-actions'
import { counterPathOf, isCounterPath } from '../../features/box-office/model/counter-paths'
import { findSandboxPayment } from '../../features/checkout/api/find-sandbox-payment'
import { loadOrder } from '../../features/checkout/api/load-checkout'
import { CashStepsView } from '../../features/checkout/components/cash-steps-view'
import { OrderCode } from '../../features/checkout/components/order-code'
import { OrderSummary } from '../../features/checkout/components/order-summary'
import { SandboxLink } from '../../features/checkout/components/sandbox-link'
import { WaitingNotice } from '../../features/checkout/components/waiting-notice'
import { useFollowOrder } from '../../features/checkout/hooks/use-follow-order'
import { useOrderPolling } from '../../features/checkout/hooks/use-order-polling'
import { cashProviderOfOrder, isSettled, pathOfOrder } from '../../features/checkout/model/result-route'
import type { Route } from './+types/cash'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/** `/checkout/cash?order=<id>` and `/checkout/cash/<provider>?order=<id>` (provider: palco, mercado_pago, spei, kushki). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const order = await loadOrder(request, context)
  // The same page is the box office's /assistant twin (issue 15): the buyer pays later, the counter hands
  // over the instructions, and every result leads to the sale's receipt.
  const counter = isCounterPath(new URL(request.url).pathname)
  const follow = (path: string) => (counter ? counterPathOf(path) : path)
  if (isSettled(order)) throw redirect(follow(pathOfOrder(order)))
  if (!order.voucher && !order.transfer) throw redirect(follow(pathOfOrder(order)))
  const segment = (params as { provider?: string }).provider
  const sandbox = await findSandboxPayment(context, order)
  return {
    order,
    counter,
    locale: context.locale,
    provider: cashProviderOfOrder(order, segment),
    sandboxPaymentId: sandbox?.id ?? null,
  }
}

/** The voucher (or SPEI transfer) to pay, step by step; the page follows the order to its result. */
export default function CashPayment({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout')
  const order = useOrderPolling(loaderData.order)
  useFollowOrder(order, loaderData.counter ? counterPathOf : undefined)
  return (
    <Container size="md" py="xl" px="md">
      <title>{`${t('cash.title')} · Palco`}</title>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('cash.title')}</Title>
          <Text>{t('cash.lead')}</Text>
          <OrderCode code={order.code} size="sm" />
        </Stack>
        <Paper withBorder radius="md" p="md">
          <CashStepsView order={order} provider={loaderData.provider} locale={loaderData.locale} />
        </Paper>
        <WaitingNotice text={t('cash.waiting')} />
        {loaderData.counter && <CounterPageActions orderId={order.id} print={false} />}
        <SandboxLink paymentId={loaderData.sandboxPaymentId} />
        <OrderSummary locale={loaderData.locale} figures={order} />
      </Stack>
    </Container>
  )
}
