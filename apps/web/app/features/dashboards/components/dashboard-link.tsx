import { Button } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { eventDashboardPath } from '../model/dashboard-view'

/** The way from an event of the back office's list to its dashboard (issue 43 part 6). */
export function DashboardLink(props: { eventId: string; name: string }) {
  const { t } = useTranslation('dashboards')
  return (
    <Button
      component={Link}
      to={eventDashboardPath(props.eventId)}
      variant="default"
      aria-label={t('link.label', { name: props.name })}
      data-testid="admin-event-dashboard"
    >
      {t('link.text')}
    </Button>
  )
}
