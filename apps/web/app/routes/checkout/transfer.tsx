import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { redirect } from 'react-router'
import { CounterPageActions } from '../../features/box-office/components/counter-page-actions'
import { counterPathOf, isCounterPath } from '../../features/box-office/model/counter-paths'
import { findSandboxPayment } from '../../features/checkout/api/find-sandbox-payment'
import { loadOrder } from '../../features/checkout/api/load-checkout'
import { OrderCode } from '../../features/checkout/components/order-code'
import { OrderSummary } from '../../features/checkout/components/order-summary'
import { SandboxLink } from '../../features/checkout/components/sandbox-link'
import { SpeiDetails } from '../../features/checkout/components/spei-details'
import { WaitingNotice } from '../../features/checkout/components/waiting-notice'
import { useFollowOrder } from '../../features/checkout/hooks/use-follow-order'
import { useOrderPolling } from '../../features/checkout/hooks/use-order-polling'
import { isSettled, pathOfOrder } from '../../features/checkout/model/result-route'
import type { Route } from './+types/transfer'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const order = await loadOrder(request, context)
  // The same page is the box office's /assistant twin (issue 15): the buyer pays later, the counter hands
  // over the instructions, and every result leads to the sale's receipt.
  const counter = isCounterPath(new URL(request.url).pathname)
  const follow = (path: string) => (counter ? counterPathOf(path) : path)
  if (isSettled(order)) throw redirect(follow(pathOfOrder(order)))
  if (!order.transfer) throw redirect(follow(pathOfOrder(order)))
  const sandbox = order.transfer.kind === 'SPEI' ? await findSandboxPayment(context, order) : null
  return { order, counter, locale: context.locale, sandboxPaymentId: sandbox?.id ?? null }
}

/**
 * `/checkout/transfer?order=<id>`: SPEI — the CLABE, reference and amount to send from the banking app —
 * or, for PSE, the page the bank sends the fan back to: it waits for the bank's confirmation and moves
 * to the result on its own (a fan who has not approved yet can go back to the bank).
 */
export default function TransferPayment({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout')
  const order = useOrderPolling(loaderData.order)
  useFollowOrder(order, loaderData.counter ? counterPathOf : undefined)
  const transfer = order.transfer ?? loaderData.order.transfer
  const spei = transfer?.kind === 'SPEI'
  return (
    <Container size="md" py="xl" px="md">
      <title>{`${t(spei ? 'transfer.speiTitle' : 'transfer.pseTitle')} · Palco`}</title>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t(spei ? 'transfer.speiTitle' : 'transfer.pseTitle')}</Title>
          <OrderCode code={order.code} size="sm" />
        </Stack>
        <Paper withBorder radius="md" p="md">
          {spei && transfer ? (
            <SpeiDetails transfer={transfer} order={order} locale={loaderData.locale} />
          ) : (
            <Stack gap="sm" data-testid="pse-return">
              <Text>{t('transfer.pseLead')}</Text>
              {transfer?.redirectUrl && (
                <div>
                  <Button component="a" href={transfer.redirectUrl} variant="default">
                    {t('transfer.pseGoToBank')}
                  </Button>
                </div>
              )}
            </Stack>
          )}
        </Paper>
        <WaitingNotice text={t(spei ? 'transfer.speiWaiting' : 'transfer.pseWaiting')} />
        {loaderData.counter && <CounterPageActions orderId={order.id} print={true} />}
        <SandboxLink paymentId={loaderData.sandboxPaymentId} />
        <OrderSummary locale={loaderData.locale} figures={order} />
      </Stack>
    </Container>
  )
}
