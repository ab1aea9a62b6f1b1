import { Anchor, Paper, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { SavedDetails } from '../model/checkout-session'

/** Who the fan's paying step buys for, as the details form saved it, and the way back to change it. */
export function BuyerCard(props: { details: SavedDetails; editHref: string }) {
  const { t } = useTranslation('checkout')
  const { contact } = props.details.parsed
  return (
    <Paper withBorder radius="md" p="md" data-testid="buyer">
      <Stack gap={2}>
        <Text fw={600}>{t('buy.buyer')}</Text>
        <Text size="sm">
          {contact.firstName} {contact.lastName}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {contact.email}
        </Text>
        <Anchor component={Link} to={props.editHref} size="sm">
          {t('buy.editDetails')}
        </Anchor>
      </Stack>
    </Paper>
  )
}
