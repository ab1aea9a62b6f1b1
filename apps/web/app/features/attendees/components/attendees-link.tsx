import { Button } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { attendeesPath } from '../model/attendee-view'

/** The way from an event of the back office's list to its attendees (issue 43 part 4). */
export function AttendeesLink(props: { eventId: string; name: string }) {
  const { t } = useTranslation('attendees')
  return (
    <Button
      component={Link}
      to={attendeesPath(props.eventId)}
      variant="default"
      aria-label={t('link.label', { name: props.name })}
      data-testid="admin-event-attendees"
    >
      {t('link.text')}
    </Button>
  )
}
