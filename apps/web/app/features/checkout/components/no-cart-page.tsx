import { Button, Container, Stack, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { ApiError } from '../../../lib/api-client'
import type { CheckoutActor } from '../model/checkout-actor'
import { HoldExpiredNotice } from './hold-expired-notice'

/**
 * What a checkout step shows when there is no payable hold: for the fan, why and the way back to the seats;
 * for the counter (`actor`), the API's reason and the way back to the box office.
 */
export function NoCartPage(props: {
  title: string
  eventSlug: string | null
  expired: boolean
  errorCode: string | null | undefined
  actor?: CheckoutActor
}) {
  if (props.actor?.noHold === 'error') return <NoSaleHold title={props.title} errorCode={props.errorCode} />
  return (
    <Container size="sm" py="xl">
      <title>{`${props.title} · Palco`}</title>
      <Stack gap="md">
        <Title order={1}>{props.title}</Title>
        <HoldExpiredNotice
          eventSlug={props.eventSlug}
          reason={
            props.expired ? 'expired' : props.errorCode === 'ORDER_NOT_PAYABLE' ? 'finished' : 'missing'
          }
        />
      </Stack>
    </Container>
  )
}

function NoSaleHold(props: { title: string; errorCode: string | null | undefined }) {
  const { t } = useTranslation('boxoffice')
  return (
    <Container size="sm" py="xl" px="md">
      <title>{`${props.title} · Palco`}</title>
      <Stack gap="md" align="flex-start">
        <Title order={1}>{props.title}</Title>
        <ApiErrorAlert error={new ApiError(props.errorCode ?? 'NOT_FOUND', 0)} />
        <Button component={Link} to="/assistant">
          {t('sale.backHome')}
        </Button>
      </Stack>
    </Container>
  )
}
