import { Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { formatDate, formatMoney } from '@palco/domain/format/format'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, redirect } from 'react-router'
import { loadOrder } from '../../features/checkout/api/load-checkout'
import { OrderCode } from '../../features/checkout/components/order-code'
import { OrderSummary } from '../../features/checkout/components/order-summary'
import { TicketsList } from '../../features/checkout/components/tickets-list'
import { forgetCheckout, sessionStore } from '../../features/checkout/model/checkout-session'
import { installmentsPageOf } from '../../features/checkout/model/installment-plan'
import { pathOfOrder } from '../../features/checkout/model/result-route'
import type { Route } from './+types/successful-purchase'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const order = await loadOrder(request, context)
  // An order that is not paid (an old link, a refund) shows its own page.
  if (order.result !== 'SUCCESSFUL') throw redirect(pathOfOrder(order))
  return { order, locale: context.locale }
}

/** `/checkout/successful_purchase?order=<id>`: the confirmation, with the order code and the tickets. */
export default function SuccessfulPurchase({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout')
  const { order, locale } = loaderData
  useEffect(() => forgetCheckout(sessionStore(), order.id), [order.id])
  // Split by the fan's bank into monthly parts (issue 16 part 7): paid to us at once all the same.
  const parts = order.payments.find((p) => p.method === 'CARD' && p.status === 'PAID')?.cardInstallments ?? 1
  // A paguitos plan whose deposit is paid (issue 16): bought, with the rest still to pay.
  const plan = order.plan && order.status === 'PENDING' ? order.plan : null
  const title = plan ? t('success.planTitle') : t('success.title')
  return (
    <Container size="md" py="xl" px="md">
      <title>{`${title} · Palco`}</title>
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg" data-testid="success-banner">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon color="teal.9" size="xl" radius="xl" aria-hidden>
              ✓
            </ThemeIcon>
            <Stack gap={4}>
              <Title order={1}>{title}</Title>
              <Text>{plan ? t('success.planLead') : t('success.lead')}</Text>
              <OrderCode code={order.code} />
              {parts > 1 && (
                <Text data-testid="paid-in-installments">{t('installments.paidIn', { count: parts })}</Text>
              )}
              {plan?.next && (
                <Text fw={600} data-testid="paguitos-next">
                  {t('paguitos.nextDue', {
                    amount: formatMoney({ amount: plan.next.amount, currency: order.currency }, locale),
                    date: formatDate(plan.next.dueAt, locale, order.event.timeZone),
                  })}
                </Text>
              )}
              {plan && (
                <Group mt="xs">
                  <Button component={Link} to={installmentsPageOf(order.id)} data-testid="paguitos-link">
                    {t('success.planLink')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Group>
        </Paper>
        <TicketsList tickets={order.tickets} />
        <OrderSummary locale={locale} figures={order} />
        <Group gap="sm">
          <Button component={Link} to="/my-tickets">
            {t('success.myTickets')}
          </Button>
          <Button component={Link} to="/" variant="default">
            {t('success.home')}
          </Button>
        </Group>
      </Stack>
    </Container>
  )
}
