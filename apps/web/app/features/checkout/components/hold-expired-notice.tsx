import { Alert, Button, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/**
 * The seats are no longer held: say so and lead back to the seat map to pick them again (or, when the
 * hold was already paid for, to the tickets).
 */
export function HoldExpiredNotice(props: {
  eventSlug: string | null
  reason?: 'expired' | 'missing' | 'released' | 'finished'
}) {
  const { t } = useTranslation('checkout')
  const back = props.eventSlug ? `/checkout/stadium?event=${encodeURIComponent(props.eventSlug)}` : '/'
  // A reservation already paid for: its tickets are the next step, not the seat map.
  if (props.reason === 'finished')
    return (
      <Alert color="teal" variant="light" title={t('hold.finishedTitle')} data-testid="hold-finished">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('hold.finishedBody')}</Text>
          <Button component={Link} to="/my-tickets" size="sm">
            {t('success.myTickets')}
          </Button>
        </Stack>
      </Alert>
    )
  return (
    <Alert
      color="orange"
      variant="light"
      title={t(`hold.${props.reason ?? 'expired'}Title`)}
      data-testid="hold-expired"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t(`hold.${props.reason ?? 'expired'}Body`)}</Text>
        <Button component={Link} to={back} size="sm">
          {props.eventSlug ? t('hold.backToMap') : t('hold.home')}
        </Button>
      </Stack>
    </Alert>
  )
}
