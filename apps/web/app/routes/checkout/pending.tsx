import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link, redirect } from 'react-router'
import { findSandboxPayment } from '../../features/checkout/api/find-sandbox-payment'
import { loadOrder } from '../../features/checkout/api/load-checkout'
import { OrderSummary } from '../../features/checkout/components/order-summary'
import { SandboxLink } from '../../features/checkout/components/sandbox-link'
import { WaitingNotice } from '../../features/checkout/components/waiting-notice'
import { useFollowOrder } from '../../features/checkout/hooks/use-follow-order'
import { useOrderPolling } from '../../features/checkout/hooks/use-order-polling'
import { isSettled, pathOfOrder } from '../../features/checkout/model/result-route'
import type { Route } from './+types/pending'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const order = await loadOrder(request, context)
  if (isSettled(order)) throw redirect(pathOfOrder(order))
  const sandbox = await findSandboxPayment(context, order)
  return { order, locale: context.locale, sandboxPaymentId: sandbox?.id ?? null }
}

/**
 * `/checkout/pending?order=<id>`: the payment is not decided yet (a card under review — PENDING_CARD —,
 * or any other pending result). It says what is happening, asks for the order every few seconds and
 * moves to the success or fail page on its own; a voucher or transfer still to pay links to its page.
 */
export default function Pending({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout')
  const order = useOrderPolling(loaderData.order)
  useFollowOrder(order)
  const own = pathOfOrder(order)
  const elsewhere = !own.startsWith('/checkout/pending')
  return (
    <Container size="md" py="xl" px="md">
      <title>{`${t('pending.title')} · Palco`}</title>
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm">
            <Title order={1}>{t('pending.title')}</Title>
            <Text data-testid="pending-explanation">{t(`pending.results.${order.result}`)}</Text>
            <Text size="sm">
              {t('success.code')}{' '}
              <Text span fw={700} ff="monospace">
                {order.code}
              </Text>
            </Text>
            <WaitingNotice />
            <Group gap="sm">
              {elsewhere && (
                <Button component={Link} to={own}>
                  {t('pending.seeInstructions')}
                </Button>
              )}
              <Button component={Link} to="/" variant="default">
                {t('success.home')}
              </Button>
            </Group>
          </Stack>
        </Paper>
        <SandboxLink paymentId={loaderData.sandboxPaymentId} />
        <OrderSummary locale={loaderData.locale} figures={order} />
      </Stack>
    </Container>
  )
}
