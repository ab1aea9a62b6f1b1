import { Anchor, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core'
import { formatDate, formatMoney } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import type { OrderSearchResult } from '@palco/domain/orders/order-admin'
import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { MutedText } from '../../../components/ui/muted-text'
import { ScrollableTable } from '../../../components/ui/scrollable-table'

/**
 * Finding an order (issue 43 part 3): one box for the code, the buyer's e-mail, phone or document, sent as a
 * plain GET form so it works before the page's script loads; results in a table that scrolls on its own at
 * 375 px, each code a link to the order.
 */
export function OrderSearch(props: {
  q: string
  result: OrderSearchResult | null
  /** The server's field error on the box (too short), translated. */
  error: string | null
  locale: Locale
}) {
  const { t } = useTranslation('orderadmin')
  return (
    <Stack gap="md">
      <Form method="get" role="search" aria-label={t('search.title')}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            name="q"
            label={t('search.label')}
            description={t('search.hint')}
            defaultValue={props.q}
            error={props.error}
            style={{ flex: '1 1 16rem' }}
            autoComplete="off"
            data-testid="order-search-box"
          />
          <Button type="submit">{t('search.submit')}</Button>
        </Group>
      </Form>
      {props.result && props.result.orders.length === 0 && (
        <MutedText role="status">{t('search.none', { q: props.q })}</MutedText>
      )}
      {props.result && props.result.orders.length > 0 && (
        <ScrollableTable
          minWidth={560}
          caption={t('search.caption', { count: props.result.orders.length })}
          data-testid="order-results"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('search.code')}</Table.Th>
              <Table.Th scope="col">{t('search.buyer')}</Table.Th>
              <Table.Th scope="col">{t('search.event')}</Table.Th>
              <Table.Th scope="col">{t('search.total')}</Table.Th>
              <Table.Th scope="col">{t('search.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.result.orders.map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/backoffice/orders/${o.id}`} fw={600}>
                    {o.code}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{o.buyerName}</Text>
                  <Text size="xs">{o.buyerEmail}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{o.eventName}</Text>
                  <Text size="xs">{formatDate(o.createdAt, props.locale)}</Text>
                </Table.Td>
                <Table.Td>{formatMoney(o.total, props.locale)}</Table.Td>
                <Table.Td>{t(`status.${o.status}`)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollableTable>
      )}
    </Stack>
  )
}
