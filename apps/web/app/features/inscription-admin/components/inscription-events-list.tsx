import { Anchor, Group, Stack, Text } from '@mantine/core'
import type { AdminEventRow } from '@palco/domain/catalog/event-cancellation'
import { formatDate } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { EventStatusBadge } from '../../../components/ui/event-status-badge'
import { MutedText } from '../../../components/ui/muted-text'

/** The site's inscriptions, each a link that opens its editor on the same page (`?event=<id>`). */
export function InscriptionEventsList(props: {
  events: AdminEventRow[]
  selectedId: string | null
  locale: Locale
}) {
  const { t } = useTranslation('inscriptions')
  if (props.events.length === 0) return <MutedText>{t('admin.emptyList')}</MutedText>
  return (
    <Stack
      component="ul"
      gap="xs"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={t('admin.listLabel')}
    >
      {props.events.map((event) => {
        const current = event.id === props.selectedId
        return (
          <Group
            component="li"
            key={event.id}
            justify="space-between"
            wrap="wrap"
            gap="xs"
            py="xs"
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            data-testid="inscription-event"
          >
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
              <Anchor
                component={Link}
                to={`?event=${encodeURIComponent(event.id)}`}
                aria-current={current ? 'page' : undefined}
                fw={current ? 700 : 600}
                style={{ overflowWrap: 'anywhere' }}
              >
                {event.name}
              </Anchor>
              <Text size="sm">
                {formatDate(event.startsAt, props.locale, event.timeZone)} · {event.venueName}
              </Text>
            </Stack>
            <EventStatusBadge status={event.status} label={t(`admin.status.${event.status}`)} />
          </Group>
        )
      })}
    </Stack>
  )
}
