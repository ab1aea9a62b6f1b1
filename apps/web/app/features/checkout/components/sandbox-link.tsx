import { Alert, Anchor, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/** Development only: a link to the page that marks the sandbox payment paid or expired. */
export function SandboxLink(props: { paymentId: string | null }) {
  const { t } = useTranslation('checkout')
  if (!props.paymentId) return null
  return (
    <Alert color="gray" variant="outline" title={t('sandbox.devTitle')}>
      <Text size="sm">
        <Anchor
          component={Link}
          to={`/dev/sandbox-payments?payment=${encodeURIComponent(props.paymentId)}`}
          data-testid="sandbox-link"
        >
          {t('sandbox.simulate')}
        </Anchor>
      </Text>
    </Alert>
  )
}
