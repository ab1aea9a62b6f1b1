import { Alert, Button, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/** No sale or payment is taken before the operator's shift is open: say so, with the way to open one. */
export function NoShiftAlert() {
  const { t } = useTranslation(['boxoffice', 'errors'])
  return (
    <Alert color="orange" variant="light" role="alert" data-testid="no-shift">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('errors:codes.SHIFT_NOT_OPEN')}</Text>
        <Button component={Link} to="/assistant" size="xs">
          {t('sale.openShift')}
        </Button>
      </Stack>
    </Alert>
  )
}
