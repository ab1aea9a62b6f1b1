import { Button, Stack, Text } from '@mantine/core'
import type { forgotPasswordSubmitSchema } from '@palco/domain/people/fan'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { FormLoadError } from '../../../components/ui/form-load-error'
import { PasswordField } from '../../../components/ui/password-field'
import { PasswordRules } from '../../../components/ui/password-rules'
import { useFieldErrorText } from '../../../lib/forms/use-field-error'
import { useServerError } from '../../../lib/forms/use-server-error'
import { forgotPassword } from '../api/forgot-password'
import { forgotPasswordSubmit } from '../api/forgot-password-submit'
import { useCodeSubmit } from '../hooks/use-code-submit'
import { authResolver } from '../model/auth-resolver'
import { CodeField } from './code-field'
import { ResendCode } from './resend-code'
import type { StepProps } from './step-props'

type Input = z.input<typeof forgotPasswordSubmitSchema>
type Output = z.output<typeof forgotPasswordSubmitSchema>
const resolver = authResolver<Input, Output>((rules) => rules.forgotPasswordSubmitResolver)
const FIELDS = ['code', 'password'] as const

/** Spec §2 "confirm forgot password": the emailed code and the new password. */
export function ConfirmForgotPasswordStep({ state, send, autoFocus }: StepProps) {
  const { t } = useTranslation('auth')
  const fieldError = useFieldErrorText()
  const email = state.email ?? ''
  const form = useForm<Input, unknown, Output>({
    resolver,
    defaultValues: { email, code: '', password: '' },
  })
  const server = useServerError(form.setError, FIELDS)
  useEffect(() => {
    if (autoFocus) form.setFocus('code')
  }, [autoFocus, form])
  const password = form.watch('password') ?? ''

  const onSubmit = useCodeSubmit(
    form,
    async (values) => {
      server.clear()
      await forgotPasswordSubmit({ email, code: values.code, password: values.password })
      send({ type: 'passwordReset' })
    },
    server.report,
  )

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text>{t('confirmForgotPassword.lead', { email })}</Text>
        <FormLoadError error={form.formState.errors.root} />
        <ApiErrorAlert error={server.error} />
        <CodeField control={form.control} name="code" />
        <PasswordField
          {...form.register('password')}
          label={t('fields.newPassword')}
          autoComplete="new-password"
          error={fieldError(form.formState.errors.password)}
        />
        <PasswordRules password={password} />
        <Button type="submit" size="md" fullWidth loading={form.formState.isSubmitting}>
          {t('confirmForgotPassword.submit')}
        </Button>
        <ResendCode
          initiallySent
          resend={() => forgotPassword({ email })}
          onStart={server.clear}
          onError={server.report}
        />
      </Stack>
    </form>
  )
}
