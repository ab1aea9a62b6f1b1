import { zodResolver } from '@hookform/resolvers/zod'
import { Button, Group, Stack, Text } from '@mantine/core'
import { changePasswordSchema } from '@palco/domain/people/fan'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { PasswordField } from '../../../components/ui/password-field'
import { PasswordRules } from '../../../components/ui/password-rules'
import { useFieldErrorText } from '../../../lib/forms/use-field-error'
import { useServerError } from '../../../lib/forms/use-server-error'
import { changePassword } from '../api/change-password'

type Input = z.input<typeof changePasswordSchema>
type Output = z.output<typeof changePasswordSchema>
const FIELDS = ['currentPassword', 'newPassword'] as const

/** A new password, confirmed by the current one; the fan's other sessions end (the API decides). */
export function ChangePasswordForm() {
  const { t } = useTranslation('auth')
  const fieldError = useFieldErrorText()
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  })
  const server = useServerError(form.setError, FIELDS)
  const [changed, setChanged] = useState(false)
  const errors = form.formState.errors
  const newPassword = form.watch('newPassword') ?? ''
  // A refusal about one field (wrong current password, new one unchanged) is said under that field only.
  const onAField = FIELDS.some((f) => server.error?.fields[f] !== undefined)

  const onSubmit = form.handleSubmit(async (values) => {
    server.clear()
    setChanged(false)
    try {
      await changePassword(values)
      form.reset()
      setChanged(true)
    } catch (err) {
      server.report(err)
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <ApiErrorAlert error={onAField ? null : server.error} />
        <PasswordField
          {...form.register('currentPassword')}
          label={t('fields.currentPassword')}
          autoComplete="current-password"
          error={fieldError(errors.currentPassword)}
        />
        <PasswordField
          {...form.register('newPassword')}
          label={t('fields.newPassword')}
          autoComplete="new-password"
          error={fieldError(errors.newPassword)}
        />
        <PasswordRules password={newPassword} />
        <Group justify="space-between" wrap="wrap-reverse" gap="sm">
          <Text size="sm" role="status">
            {changed ? t('profile.passwordChanged') : ''}
          </Text>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('profile.changePassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
