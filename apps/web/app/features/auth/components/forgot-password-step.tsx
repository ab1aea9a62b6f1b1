import { Button, Stack, Text, TextInput } from '@mantine/core'
import type { forgotPasswordSchema } from '@palco/domain/people/fan'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { FormLoadError } from '../../../components/ui/form-load-error'
import { useFieldErrorText } from '../../../lib/forms/use-field-error'
import { useServerError } from '../../../lib/forms/use-server-error'
import { forgotPassword } from '../api/forgot-password'
import { authResolver } from '../model/auth-resolver'
import type { StepProps } from './step-props'

type Input = z.input<typeof forgotPasswordSchema>
type Output = z.output<typeof forgotPasswordSchema>
const resolver = authResolver<Input, Output>((rules) => rules.forgotPasswordResolver)
const FIELDS = ['email'] as const

/** Spec §2 "forgot password": the email a reset code goes to (the answer never says if it exists). */
export function ForgotPasswordStep({ state, send, autoFocus }: StepProps) {
  const { t } = useTranslation('auth')
  const fieldError = useFieldErrorText()
  const form = useForm<Input, unknown, Output>({
    resolver,
    defaultValues: { email: state.email ?? '' },
  })
  const server = useServerError(form.setError, FIELDS)
  useEffect(() => {
    if (autoFocus) form.setFocus('email')
  }, [autoFocus, form])

  const onSubmit = form.handleSubmit(async ({ email }) => {
    server.clear()
    try {
      await forgotPassword({ email })
      send({ type: 'resetCodeSent', email })
    } catch (err) {
      server.report(err)
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text>{t('forgotPassword.lead')}</Text>
        <FormLoadError error={form.formState.errors.root} />
        <ApiErrorAlert error={server.error} />
        <TextInput
          {...form.register('email')}
          label={t('fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={fieldError(form.formState.errors.email)}
        />
        <Button type="submit" size="md" fullWidth loading={form.formState.isSubmitting}>
          {t('forgotPassword.submit')}
        </Button>
      </Stack>
    </form>
  )
}
