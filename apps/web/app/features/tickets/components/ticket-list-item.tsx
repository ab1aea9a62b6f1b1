import { Badge, Group, Paper, Stack, Text } from '@mantine/core'
import type { TicketSummary } from '@palco/domain/tickets/contract'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LocationLine } from './location-line'

// LOCKED: a paguitos ticket waiting for its plan's payments (issue 16).
const STATUS_COLOR = { VALID: 'teal.9', USED: 'gray.7', TRANSFERRED: 'gray.7', LOCKED: 'indigo.9' } as const

/**
 * One ticket in a list: whom it is for, its place (an inscription's: its category), kind and state; the
 * whole row opens the ticket. Eight runners' tickets of one purchase differ only by the runner, so the name
 * comes first. The link is named by what it shows (holder, place, state, kind): a label of its own left out
 * the state and kind a sighted user reads, so a voice-control user saying the visible words missed it
 * (WCAG 2.5.3, axe label-content-name-mismatch). States read in sentence case, as written in the locales,
 * not in the badge's default capitals.
 */
export function TicketListItem(props: { ticket: TicketSummary; inscription?: boolean }) {
  const { t } = useTranslation('tickets')
  const tk = props.ticket
  const category = props.inscription ? tk.zoneName : null
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
        {tk.holderName && (
          <Text fw={700} data-testid="ticket-holder" style={{ overflowWrap: 'anywhere' }}>
            {tk.holderName}
          </Text>
        )}
        {category ? (
          <Text size="sm" component="span" data-testid="ticket-category">
            {t('tickets.category')} <strong>{category}</strong>
          </Text>
        ) : (
          <LocationLine parts={tk.location} size="sm" />
        )}
        <Group gap="xs" wrap="wrap">
          <Badge color={STATUS_COLOR[tk.status]} variant="filled" tt="none">
            {t(`tickets.status.${tk.status}`)}
          </Badge>
          <Badge color="dark" variant="outline" tt="none">
            {t(`tickets.kind.${tk.kind}`)}
          </Badge>
          {tk.ownership === 'RECEIVED' && (
            <Badge color="blue.9" variant="outline" tt="none">
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
