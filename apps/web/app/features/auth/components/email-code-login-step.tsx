import { Button, Stack, Text, TextInput } from '@mantine/core'
import type { requestOtpSchema } from '@palco/domain/people/fan'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { FormLoadError } from '../../../components/ui/form-load-error'
import { useFieldErrorText } from '../../../lib/forms/use-field-error'
import { useServerError } from '../../../lib/forms/use-server-error'
import { requestOtp } from '../api/request-otp'
import { authResolver } from '../model/auth-resolver'
import { NoAccountAction } from './no-account-action'
import type { StepProps } from './step-props'

type Input = z.input<typeof requestOtpSchema>
type Output = z.output<typeof requestOtpSchema>
const resolver = authResolver<Input, Output>((rules) => rules.requestOtpResolver)
const FIELDS = ['email'] as const

/** Spec §2 "email OTP login": the email a login code goes to. */
export function EmailCodeLoginStep({ state, send, autoFocus }: StepProps) {
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

  const onSubmit = form.handleSubmit(async (values) => {
    server.clear()
    const email = values.email ?? ''
    try {
      await requestOtp({ email })
      send({ type: 'loginCodeSent', target: { email } })
    } catch (err) {
      server.report(err)
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text>{t('emailOtpLogin.lead')}</Text>
        <FormLoadError error={form.formState.errors.root} />
        <ApiErrorAlert error={server.error}>
          <NoAccountAction
            error={server.error}
            onRegister={() => send({ type: 'startRegistration', email: form.getValues('email') })}
          />
        </ApiErrorAlert>
        <TextInput
          {...form.register('email')}
          label={t('fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={fieldError(form.formState.errors.email)}
        />
        <Button type="submit" size="md" fullWidth loading={form.formState.isSubmitting}>
          {t('emailOtpLogin.submit')}
        </Button>
      </Stack>
    </form>
  )
}
