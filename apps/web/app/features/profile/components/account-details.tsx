import { Button, Group, Stack, Text } from '@mantine/core'
import type { Fan } from '@palco/domain/people/fan'
import { MASKED_PASSWORD } from '@palco/domain/validation/validation'
import { useTranslation } from 'react-i18next'
import { formatPhone } from '../../../lib/format-phone'

function Detail(props: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {props.label}
      </Text>
      <Text data-testid={props.testId}>{props.value}</Text>
    </div>
  )
}

/**
 * What identifies the account: the email and document do not change here (the API refuses); the phone
 * changes through its own verified flow, opened by `onChangePhone`.
 */
export function AccountDetails(props: { fan: Fan; onChangePhone: () => void }) {
  const { t } = useTranslation('auth')
  const { fan } = props
  const none = t('profile.none')
  return (
    <Stack gap="md">
      <Detail label={t('fields.email')} value={fan.email ?? none} />
      <Detail
        label={t('fields.document')}
        value={
          fan.documentType ? `${t(`documentTypes.${fan.documentType}`)} · ${fan.documentNumber ?? ''}` : none
        }
      />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Detail
          label={t('fields.phone')}
          value={formatPhone(fan.phonePrefix, fan.phone) || none}
          testId="profile-phone"
        />
        <Button variant="default" onClick={props.onChangePhone}>
          {t('profile.changePhone')}
        </Button>
      </Group>
      {/* Spec §5: a stored password is shown as ten asterisks, never as itself. */}
      <Detail label={t('fields.password')} value={MASKED_PASSWORD} />
    </Stack>
  )
}
