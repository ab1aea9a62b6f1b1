import { Anchor, Button, Container, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { formatDate, formatMoney, formatTime } from '@palco/domain/format/format'
import type { Purchase, TicketSummary } from '@palco/domain/tickets/contract'
import { useTranslation } from 'react-i18next'
import { data, Link, redirect } from 'react-router'
import { PendingPaymentFacts } from '../../features/tickets/components/pending-payment'
import { methodLabelKey } from '../../features/tickets/components/purchase-card'
import { TicketListItem } from '../../features/tickets/components/ticket-list-item'
import type { Route } from './+types/purchase-detail'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const res = await context.api<{ purchase: Purchase; tickets: TicketSummary[] }>(
    `/api/myPurchases/tickets?purchaseId=${encodeURIComponent(params.purchaseId)}`,
  )
  if (res.status === 401) {
    throw redirect(`/authorization/login?redirectTo=${encodeURIComponent(new URL(request.url).pathname)}`)
  }
  if (res.status === 404 || res.status === 400) throw data(null, { status: 404 })
  if (res.status !== 200) throw data(null, { status: 503 })
  return { ...res.data, locale: context.locale }
}

/** `/my-purchases/:purchaseId`: one purchase — seats, totals, pending voucher, and its tickets. */
export default function PurchaseDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('tickets')
  const { purchase: p, tickets, locale } = loaderData
  const money = (amount: number) => formatMoney({ amount, currency: p.currency }, locale)
  return (
    <Container size="sm" px="md" py="xl">
      <title>{`${t('purchases.detailTitle', { code: p.code })} · Palco`}</title>
      <Stack gap="lg">
        <Anchor component={Link} to="/my-purchases">
          {t('purchases.back')}
        </Anchor>
        <div>
          <Title order={1}>{t('purchases.detailTitle', { code: p.code })}</Title>
          <Text>
            {p.event.name} · {formatDate(p.event.startsAt, locale, p.event.timeZone)}{' '}
            {formatTime(p.event.startsAt, locale, p.event.timeZone)} · {p.event.venueName}
          </Text>
        </div>
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            <Text>
              {t('purchases.status')}: <strong>{t(`purchases.statuses.${p.status}`)}</strong>
            </Text>
            <Text>
              {t('purchases.method')}:{' '}
              {p.cardInstallments && p.cardInstallments > 1
                ? t('purchases.methodInstallments', {
                    method: t(methodLabelKey(p.method)),
                    count: p.cardInstallments,
                  })
                : t(methodLabelKey(p.method))}
            </Text>
            <Text fw={700}>
              {t('purchases.total')}: {money(p.total)}
            </Text>
            {p.pending && (
              <PendingPaymentFacts
                pending={p.pending}
                currency={p.currency}
                locale={locale}
                timeZone={p.event.timeZone}
              />
            )}
          </Stack>
        </Paper>
        <section aria-labelledby="purchase-seats">
          <Title order={2} size="h3" id="purchase-seats" mb="sm">
            {t('purchases.seats')}
          </Title>
          <Table.ScrollContainer minWidth={280}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('location.section')}</Table.Th>
                  <Table.Th>{t('location.row')}</Table.Th>
                  <Table.Th>{t('location.seat')}</Table.Th>
                  <Table.Th ta="right">{t('purchases.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {p.items.map((item) => (
                  <Table.Tr key={`${item.section}/${item.row}-${item.seat}`}>
                    <Table.Td>{item.zoneName ?? item.section}</Table.Td>
                    <Table.Td>{item.row === 'UNNUMBERED' ? '-' : item.row}</Table.Td>
                    <Table.Td>{item.row === 'UNNUMBERED' ? '-' : item.seat}</Table.Td>
                    <Table.Td ta="right">{money(item.total)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </section>
        <section aria-labelledby="purchase-tickets">
          <Title order={2} size="h3" id="purchase-tickets" mb="sm">
            {t('purchases.tickets')}
          </Title>
          {tickets.length === 0 ? (
            <Text>{t('purchases.noTickets')}</Text>
          ) : (
            <Stack gap="sm">
              {tickets.some((tk) => tk.status === 'VALID') && (
                <Button
                  component="a"
                  href={`/api/myPurchases/pdf?purchaseId=${encodeURIComponent(p.id)}`}
                  target="_blank"
                  rel="noopener"
                  variant="default"
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('purchases.pdf')}
                </Button>
              )}
              {tickets.map((tk) => (
                <TicketListItem key={tk.id} ticket={tk} inscription={p.event.type === 'INSCRIPTION'} />
              ))}
            </Stack>
          )}
        </section>
      </Stack>
    </Container>
  )
}
