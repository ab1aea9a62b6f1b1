import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core'
import { formatDate, formatMoney, formatTime } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import type { OrderAdminView } from '@palco/domain/orders/order-admin'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { ScrollableTable } from '../../../components/ui/scrollable-table'
import { type ApiError, asApiError } from '../../../lib/api-client'
import { resendTickets } from '../api/orders'
import { RefundDialog } from './refund-dialog'

/**
 * One order as its organiser sees it (issue 43 part 3): what was bought and by whom, its payments, its tickets
 * with their entry at the gate, and its history; refund it whole, or send its tickets again. Tables scroll on
 * their own at 375 px; every action is a button; what an action did is announced and takes the focus.
 */
export function OrderDetail(props: { order: OrderAdminView; locale: Locale; canManage: boolean }) {
  const { t } = useTranslation('orderadmin')
  const [order, setOrder] = useState(props.order)
  const [refunding, setRefunding] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
  const [error, setError] = useState<ApiError | null>(null)
  const [sending, setSending] = useState(false)
  const noticeRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (notice) noticeRef.current?.focus()
  }, [notice])
  const { locale } = props
  const when = (at: string) => `${formatDate(at, locale)} ${formatTime(at, locale)}`
  const resend = async () => {
    setSending(true)
    setError(null)
    try {
      const { sentTo } = await resendTickets(order.id)
      setNotice(t('detail.resent', { email: sentTo }))
    } catch (err) {
      setError(asApiError(err))
    } finally {
      setSending(false)
    }
  }
  return (
    <Stack gap="lg">
      {notice && (
        <Alert
          ref={noticeRef}
          tabIndex={-1}
          color="teal"
          variant="light"
          role="status"
          data-testid="order-notice"
        >
          <Text fw={700}>{notice}</Text>
        </Alert>
      )}
      <ApiErrorAlert error={error} />
      <OrderSummary order={order} locale={locale} />
      {props.canManage && (
        <Group gap="sm" wrap="wrap">
          {order.refundable && (
            <Button
              color="red"
              variant="outline"
              onClick={() => setRefunding(true)}
              data-testid="order-refund"
            >
              {t('detail.refund')}
            </Button>
          )}
          {order.status === 'PAID' && order.buyer.email && (
            <Button variant="default" onClick={resend} loading={sending} data-testid="order-resend">
              {t('detail.resend')}
            </Button>
          )}
        </Group>
      )}
      {!order.refundable && order.notRefundableBecause && (
        <Text size="sm">{t(`detail.notRefundable.${order.notRefundableBecause}`)}</Text>
      )}
      <PaymentsTable order={order} locale={locale} />
      <TicketsTable order={order} when={when} />
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t('detail.history')}
        </Title>
        <Stack component="ol" gap={4} m={0} pl="md">
          {order.history.map((h) => (
            <li key={`${h.action}-${h.at}`}>
              <Text size="sm">
                {when(h.at)} · {t(`history.${h.action}`, { defaultValue: h.action })}
                {h.actor ? ` · ${h.actor}` : ''}
              </Text>
            </li>
          ))}
        </Stack>
      </Stack>
      <RefundDialog
        order={order}
        locale={locale}
        opened={refunding}
        onClose={() => setRefunding(false)}
        onRefunded={(next) => {
          setOrder(next)
          setRefunding(false)
          setNotice(t('detail.refunded', { code: next.code }))
        }}
      />
    </Stack>
  )
}

function OrderSummary({ order, locale }: { order: OrderAdminView; locale: Locale }) {
  const { t } = useTranslation('orderadmin')
  const rows: [string, string][] = [
    [t('detail.status'), t(`status.${order.status}`)],
    [t('detail.event'), `${order.event.name} · ${formatDate(order.event.startsAt, locale)}`],
    [t('detail.buyer'), [order.buyer.name, order.buyer.email, order.buyer.phone].filter(Boolean).join(' · ')],
    [t('detail.document'), order.buyer.document || '—'],
    [t('detail.subtotal'), formatMoney(order.subtotal, locale)],
    [t('detail.fees'), formatMoney(order.fees, locale)],
    [
      t('detail.discount'),
      `${formatMoney(order.discount, locale)}${order.promoCode ? ` (${order.promoCode})` : ''}`,
    ],
    [t('detail.total'), formatMoney(order.total, locale)],
  ]
  return (
    <Stack component="dl" gap={4} m={0} data-testid="order-summary" data-status={order.status}>
      {rows.map(([term, value]) => (
        <Group key={term} gap="xs" wrap="wrap">
          <Text component="dt" fw={600} size="sm">
            {term}:
          </Text>
          <Text component="dd" m={0} size="sm">
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  )
}

function PaymentsTable({ order, locale }: { order: OrderAdminView; locale: Locale }) {
  const { t } = useTranslation('orderadmin')
  return (
    <ScrollableTable minWidth={480} caption={t('detail.payments')} data-testid="order-payments">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('detail.method')}</Table.Th>
          <Table.Th scope="col">{t('detail.amount')}</Table.Th>
          <Table.Th scope="col">{t('detail.paymentStatus')}</Table.Th>
          <Table.Th scope="col">{t('detail.refundState')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {order.payments.map((p) => (
          <Table.Tr key={p.id}>
            <Table.Td>
              {`${p.method} · ${p.provider}`}
              {p.cardLast4 && ` · ${t('detail.cardEnding', { last4: p.cardLast4 })}`}
            </Table.Td>
            <Table.Td>{formatMoney(p.amount, locale)}</Table.Td>
            <Table.Td>{p.status}</Table.Td>
            <Table.Td>
              {p.refundState ? t(`refundState.${p.refundState}`, { method: p.refundMethod ?? '' }) : '—'}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollableTable>
  )
}

function TicketsTable({ order, when }: { order: OrderAdminView; when: (at: string) => string }) {
  const { t } = useTranslation('orderadmin')
  return (
    <ScrollableTable minWidth={480} caption={t('detail.tickets')} data-testid="order-tickets">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('detail.place')}</Table.Th>
          <Table.Th scope="col">{t('detail.ticketStatus')}</Table.Th>
          <Table.Th scope="col">{t('detail.entry')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {order.tickets.map((k) => (
          <Table.Tr key={k.id} data-status={k.status}>
            <Table.Td>{[k.zoneName, k.place, k.holderName].filter(Boolean).join(' · ')}</Table.Td>
            <Table.Td>{t(`ticketStatus.${k.status}`, { defaultValue: k.status })}</Table.Td>
            <Table.Td>
              {k.checkedInAt ? `${when(k.checkedInAt)} · ${k.gate ?? ''}` : t('detail.notEntered')}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollableTable>
  )
}
