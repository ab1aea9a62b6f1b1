import { Group, Loader, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** "We are waiting for the payment": a live region, so the change to the result page is not a surprise. */
export function WaitingNotice(props: { text?: string }) {
  const { t } = useTranslation('checkout')
  return (
    <Group gap="sm" wrap="nowrap" role="status" data-testid="waiting">
      <Loader size="sm" aria-hidden />
      <Text size="sm">{props.text ?? t('pending.polling')}</Text>
    </Group>
  )
}
