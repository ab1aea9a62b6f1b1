import { Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** The order's code where a page names it, the one thing a fan reads out to support or at a counter. */
export function OrderCode(props: { code: string; size?: 'sm' }) {
  const { t } = useTranslation('checkout')
  return (
    <Text size={props.size}>
      {t('success.code')}{' '}
      <Text span fw={700} ff="monospace" data-testid="order-code">
        {props.code}
      </Text>
    </Text>
  )
}
