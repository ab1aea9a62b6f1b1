import { Paper, Stack, Text, Title } from '@mantine/core'
import type { OrderView } from '@palco/domain/checkout/contract'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { SeatLine } from './order-summary'

/** The tickets a paid order issued, one per seat (zone, section, row and seat, or unnumbered). */
export function TicketsList({ tickets }: { tickets: OrderView['tickets'] }) {
  const { t } = useTranslation('checkout')
  const titleId = useId()
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {t('success.tickets', { count: tickets.length })}
        </Title>
        {tickets.length === 0 ? (
          <Text size="sm">{t('success.ticketsSoon')}</Text>
        ) : (
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {tickets.map((ticket, i) => (
              <Paper component="li" key={ticket.id} withBorder radius="sm" p="sm" data-testid="issued-ticket">
                <Text size="xs" c="dimmed">
                  {t('success.ticketNumber', { n: i + 1 })}
                </Text>
                <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                  <SeatLine line={ticket} />
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  )
}
