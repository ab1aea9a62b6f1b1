import { Container, Stack, Title } from '@mantine/core'
import { HoldExpiredNotice } from './hold-expired-notice'

/** What /checkout and /checkout/buy show when there is no payable hold: why, and the way back. */
export function NoCartPage(props: {
  title: string
  eventSlug: string | null
  expired: boolean
  errorCode: string | null | undefined
}) {
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
