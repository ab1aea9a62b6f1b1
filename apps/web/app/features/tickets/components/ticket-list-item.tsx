import { Badge, Group, Paper, Stack, Text } from '@mantine/core'
import type { TicketSummary } from '@palco/domain/tickets/contract'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { locationText } from '../model/location-text'
import { LocationLine } from './location-line'

const STATUS_COLOR = { VALID: 'teal.9', USED: 'gray.7', TRANSFERRED: 'gray.7' } as const

/** One ticket in a list: its place, kind and state; the whole row opens the ticket. */
export function TicketListItem(props: { ticket: TicketSummary }) {
  const { t } = useTranslation('tickets')
  const tk = props.ticket
  const place = locationText(tk.location, (k) => t(`location.${k}`))
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component={Link}
      to={`/my-tickets/${tk.id}`}
      aria-label={t('tickets.open', { place })}
      data-testid="ticket-item"
      style={{ display: 'block', textDecoration: 'none', color: 'inherit' }}
    >
      <Stack gap={4}>
        <LocationLine parts={tk.location} size="sm" />
        <Group gap="xs" wrap="wrap">
          <Badge color={STATUS_COLOR[tk.status]} variant="filled">
            {t(`tickets.status.${tk.status}`)}
          </Badge>
          <Badge color="dark" variant="outline">
            {t(`tickets.kind.${tk.kind}`)}
          </Badge>
          {tk.ownership === 'RECEIVED' && (
            <Badge color="blue.9" variant="outline">
              {t('tickets.ownership.RECEIVED')}
            </Badge>
          )}
        </Group>
        {tk.transferredTo && (
          <Text size="sm">{t('tickets.transferredTo', { contact: tk.transferredTo })}</Text>
        )}
      </Stack>
    </Paper>
  )
}
