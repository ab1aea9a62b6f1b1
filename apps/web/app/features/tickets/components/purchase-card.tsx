import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { CHECKOUT_METHODS } from '@palco/domain/checkout/contract'
import { formatDate, formatMoney } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import type { Purchase } from '@palco/domain/tickets/contract'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PendingPaymentFacts } from './pending-payment'

const STATUS_COLOR: Record<string, string> = {
  PAID: 'teal.9',
  REFUNDED: 'gray.7',
  CANCELED: 'gray.7',
  EXPIRED: 'gray.7',
}

export const methodLabelKey = (method: string) =>
  (CHECKOUT_METHODS as readonly string[]).includes(method) ? `purchases.methods.${method}` : method

/** One purchase in the list: event, code, date, status, method, total, seats, and a pending voucher. */
export function PurchaseCard(props: {
  purchase: Purchase
  locale: Locale
  /** A paguitos plan's installments page (issue 16), where the rest is paid. */
  installmentsHref?: string
}) {
  const { t } = useTranslation('tickets')
  const p = props.purchase
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-labelledby={`purchase-${p.id}`}
      data-testid="purchase"
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={`purchase-${p.id}`} style={{ overflowWrap: 'anywhere' }}>
            {p.event.name}
          </Title>
          <Badge color={STATUS_COLOR[p.status] ?? 'blue.9'} variant="filled" tt="none">
            {t(`purchases.statuses.${p.status}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {t('purchases.code', { code: p.code })} ·{' '}
          {t('purchases.madeOn', { date: formatDate(p.createdAt, props.locale, p.event.timeZone) })}
        </Text>
        <Text size="sm">
          {t('purchases.method')}: {t(methodLabelKey(p.method))} ·{' '}
          {t('purchases.items', { count: p.items.length })}
        </Text>
        <Text fw={700}>
          {t('purchases.total')}: {formatMoney({ amount: p.total, currency: p.currency }, props.locale)}
        </Text>
        {p.pending && (
          <PendingPaymentFacts
            pending={p.pending}
            currency={p.currency}
            locale={props.locale}
            timeZone={p.event.timeZone}
          />
        )}
        <Group>
          <Button
            component={Link}
            to={`/my-purchases/${p.id}`}
            variant="light"
            aria-label={t('purchases.seeDetail', { code: p.code })}
          >
            {t('purchases.seeDetail', { code: p.code })}
          </Button>
          {props.installmentsHref && (
            <Button
              component={Link}
              to={props.installmentsHref}
              aria-label={t('purchases.installmentsOf', { code: p.code })}
              data-testid="purchase-installments"
            >
              {t('purchases.installments')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  )
}
