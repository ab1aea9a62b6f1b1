import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { CounterSale } from '@palco/domain/box-office/contract'
import { formatDate, formatMoney, formatTime } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * How the receipt words a sale's status: paid, voided, reserved for payment at a counter, still awaiting a
 * later payment, or never paid.
 */
export function statusWordOf(sale: CounterSale): 'paid' | 'voided' | 'reserved' | 'awaiting' | 'unpaid' {
  const { status } = sale
  if (status === 'PAID') return 'paid'
  if (sale.reservedUntil) return 'reserved'
  if (status === 'REFUNDED') return 'voided'
  return status.startsWith('PENDING') ? 'awaiting' : 'unpaid'
}

/**
 * A counter sale's receipt (issue 15 part 4): the order code, buyer, places, every tender with the cash
 * handed over and the change, and the seller. Printable as it is (the page's print styles drop the rest).
 */
export function SaleReceipt(props: {
  sale: CounterSale
  seller: string
  locale: Locale
  /** Each line's place, as the checkout pages write it. */
  renderLine: (line: CounterSale['lines'][number]) => ReactNode
  /** A courtesy reason's name in the page's language (the sale keeps its code). */
  reasonName: (code: string) => string
}) {
  const { t } = useTranslation(['boxoffice', 'auth'])
  const { sale, locale } = props
  const titleId = useId()
  const money = (amount: number) => formatMoney({ amount, currency: sale.currency }, locale)
  const status = statusWordOf(sale)
  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby={titleId} data-testid="receipt">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={0}>
            <Title order={2} size="h3" id={titleId}>
              {t('receipt.title', { code: sale.code })}
            </Title>
            <Text c="dimmed" size="sm">
              {sale.eventName}
            </Text>
          </Stack>
          <Text fw={700} c={status === 'paid' ? 'teal.9' : 'red.9'} data-testid="receipt-status">
            {t(`receipt.${status}`)}
          </Text>
        </Group>
        <Text size="sm">
          {t('receipt.buyer', { name: sale.buyerName })}
          <br />
          {t('receipt.seller', { name: props.seller })}
          {sale.paidAt && (
            <>
              <br />
              {formatDate(sale.paidAt, locale)} · {formatTime(sale.paidAt, locale)}
            </>
          )}
        </Text>
        {sale.identification && (
          <Text size="sm" data-testid="receipt-entry-document">
            {t('receipt.entryDocument', {
              type: t(`auth:documentTypes.${sale.identification.documentType}`),
              number: sale.identification.documentNumber,
            })}
          </Text>
        )}
        <Divider />
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {sale.lines.map((line) => (
            <Group key={line.key} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm">{props.renderLine(line)}</Text>
              <Text size="sm">{money(line.total)}</Text>
            </Group>
          ))}
        </Stack>
        <Divider />
        <Group justify="space-between">
          <Text fw={700}>{t('receipt.total')}</Text>
          <Text fw={700} data-testid="receipt-total">
            {money(sale.total)}
          </Text>
        </Group>
        {sale.tenders.map((tender) => (
          <Stack key={`${tender.kind}-${tender.reference ?? ''}-${tender.amount}`} gap={0}>
            <Group justify="space-between">
              <Text size="sm">
                {tender.kind === 'TPV'
                  ? t('receipt.terminal', { reference: tender.reference ?? '' })
                  : tender.kind === 'COURTESY'
                    ? t('receipt.courtesy', { reason: props.reasonName(tender.reference ?? '') })
                    : t('receipt.cash')}
              </Text>
              <Text size="sm">{money(tender.amount)}</Text>
            </Group>
            {tender.kind === 'CASH' && tender.tendered !== null && (
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {t('receipt.tendered')}
                </Text>
                <Text size="sm" c="dimmed">
                  {money(tender.tendered)}
                </Text>
              </Group>
            )}
          </Stack>
        ))}
        {sale.payLater && (
          <Text size="sm" data-testid="receipt-pay-later">
            {sale.payLater.method === 'TRANSFER'
              ? t('receipt.payLaterSpei')
              : sale.payLater.method === 'LINK'
                ? t('receipt.payLaterLink')
                : t('receipt.payLaterVoucher', { network: t(`checkout:networks.${sale.payLater.option}`) })}
          </Text>
        )}
        <Group justify="space-between">
          <Text fw={700}>{t('receipt.change')}</Text>
          <Text fw={700} data-testid="receipt-change">
            {money(sale.change)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  )
}
