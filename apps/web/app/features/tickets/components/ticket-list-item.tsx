import { Badge, Group, Paper, Stack, Text } from '@mantine/core'
import type { TicketSummary } from '@palco/domain/tickets/contract'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LocationLine } from './location-line'

// LOCKED: a paguitos ticket waiting for its plan's payments (issue 16).
const STATUS_COLOR = { VALID: 'teal.9', USED: 'gray.7', TRANSFERRED: 'gray.7', LOCKED: 'indigo.9' } as const

/**
 * One ticket in a list: its place, kind and state; the whole row opens the ticket. The link is named by
 * what it shows (place, state, kind): a label of its own left out the state and kind a sighted user reads,
 * so a voice-control user saying the visible words missed it (WCAG 2.5.3, axe label-content-name-mismatch).
 */
export function TicketListItem(props: { ticket: TicketSummary }) {
  const { t } = useTranslation('tickets')
  const tk = props.ticket
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component={Link}
      to={`/my-tickets/${tk.id}`}
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
