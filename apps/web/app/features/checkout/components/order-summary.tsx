import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { Cart, CartLine } from '@palco/domain/checkout/contract'
import { formatDate, formatMoney, formatTime } from '@palco/domain/format/format'
import type { Currency, Locale } from '@palco/domain/locale/country'
import { sectionName } from '@palco/domain/tickets/location'
import type { ReactNode } from 'react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { type Actor, wordingOf } from '../../../lib/actor'

export interface SummaryFigures {
  event: Cart['event']
  currency: Currency
  lines: CartLine[]
  subtotal: number
  fees: number
  discount: number
  total: number
  /** Paid from the wallet (orders only). */
  walletAmount?: number
  promoCode?: string | null
}

/**
 * "Balcón centro · Fila B, silla 12": the section as the seat map and its list name it, when the event has a
 * map; else "Zona Oriental · Sección 101 · Fila B, silla 12" from the codes, and "Combo general · Sin
 * numerar" for a zone sold without a map, whose places have no section of their own.
 */
export function SeatLine({
  line,
}: {
  line: Pick<CartLine, 'zoneName' | 'section' | 'sectionName' | 'row' | 'seat'>
}) {
  const { t } = useTranslation('checkout')
  const section = line.sectionName ? null : sectionName(line.section, line.zoneName)
  const parts = [
    line.sectionName || line.zoneName,
    section ? t('summary.section', { section }) : null,
    line.row === 'UNNUMBERED'
      ? t('summary.unnumbered')
      : t('summary.seat', { row: line.row, seat: line.seat }),
  ]
  return <>{parts.filter(Boolean).join(' · ')}</>
}

function Row(props: { label: ReactNode; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text fw={props.strong ? 700 : undefined} size={props.strong ? 'lg' : 'sm'}>
        {props.label}
      </Text>
      <Text
        fw={props.strong ? 700 : undefined}
        size={props.strong ? 'lg' : 'sm'}
        data-testid={props.testId}
        ta="right"
      >
        {props.value}
      </Text>
    </Group>
  )
}

/**
 * The event, each seat with its price and fee, and the totals: what the fan is about to pay (or paid), or at
 * the counter what the operator is selling.
 */
export function OrderSummary(props: {
  figures: SummaryFigures
  locale: Locale
  actor?: Actor
  children?: ReactNode
}) {
  const { t } = useTranslation('checkout')
  const titleId = useId()
  const { figures: f, locale } = props
  const money = (amount: number) => formatMoney({ amount, currency: f.currency }, locale)
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={titleId}
      data-testid="order-summary"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {t('summary.title', { context: wordingOf(props.actor) })}
        </Title>
        <Stack gap={2}>
          <Text fw={600}>{f.event.name}</Text>
          <Text size="sm" c="dimmed">
            {formatDate(f.event.startsAt, locale, f.event.timeZone)} ·{' '}
            {formatTime(f.event.startsAt, locale, f.event.timeZone)} · {f.event.venueName}
          </Text>
        </Stack>
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('summary.lines')}
        >
          {f.lines.map((line) => (
            <li key={line.key} data-testid="summary-line">
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                <SeatLine line={line} />
              </Text>
              <Text size="xs" c="dimmed">
                {t('summary.linePrice', { price: money(line.unitPrice), fee: money(line.fee) })}
                {line.discount > 0
                  ? ` · ${t('summary.lineDiscount', { discount: money(line.discount) })}`
                  : ''}
              </Text>
            </li>
          ))}
        </Stack>
        <Divider />
        <Stack gap={4}>
          <Row label={t('summary.subtotal')} value={money(f.subtotal)} />
          <Row label={t('summary.fees')} value={money(f.fees)} />
          {f.discount > 0 && (
            <Row
              label={f.promoCode ? t('summary.discountCode', { code: f.promoCode }) : t('summary.discount')}
              value={`−${money(f.discount)}`}
              testId="summary-discount"
            />
          )}
          <Row label={t('summary.total')} value={money(f.total)} strong testId="summary-total" />
          {f.walletAmount ? <Row label={t('summary.wallet')} value={money(f.walletAmount)} /> : null}
        </Stack>
        {props.children}
      </Stack>
    </Paper>
  )
}
