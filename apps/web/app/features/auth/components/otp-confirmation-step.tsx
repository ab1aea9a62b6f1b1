import { Button, Stack, Text } from '@mantine/core'
import type { verifyOtpSchema } from '@palco/domain/people/fan'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { FormLoadError } from '../../../components/ui/form-load-error'
import { formatPhone } from '../../../lib/format-phone'
import { useFieldErrorText } from '../../../lib/forms/use-field-error'
import { useServerError } from '../../../lib/forms/use-server-error'
import { requestOtp } from '../api/request-otp'
import { verifyOtp } from '../api/verify-otp'
import { useCodeSubmit } from '../hooks/use-code-submit'
import type { CodeTarget } from '../model/auth-flow'
import { authResolver } from '../model/auth-resolver'
import { CodeField } from './code-field'
import { ResendCode } from './resend-code'
import type { StepProps } from './step-props'

type Input = z.input<typeof verifyOtpSchema>
type Output = z.output<typeof verifyOtpSchema>
const resolver = authResolver<Input, Output>((rules) => rules.verifyOtpResolver)
const FIELDS = ['code'] as const

/** Spec §2 "OTP confirmation": the code of a login by email or SMS; it logs the fan in. */
export function OtpConfirmationStep({ state, send, autoFocus, onSessionChange }: StepProps) {
  const { t } = useTranslation('auth')
  const _fieldError = useFieldErrorText()
  const target: CodeTarget =
    state.codeChannel === 'sms' && state.phone ? state.phone : { email: state.email ?? '' }
  const form = useForm<Input, unknown, Output>({
    resolver,
    defaultValues: { ...target, code: '' },
  })
  const server = useServerError(form.setError, FIELDS)
  useEffect(() => {
    if (autoFocus) form.setFocus('code')
  }, [autoFocus, form])

  const onSubmit = useCodeSubmit(
    form,
    async (values) => {
      server.clear()
      await verifyOtp({ ...target, code: values.code })
      onSessionChange()
      send({ type: 'loggedIn' })
    },
    server.report,
  )

  const destination = 'email' in target ? target.email : formatPhone(target.phonePrefix, target.phone)
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text>
          {t(state.codeChannel === 'sms' ? 'otpConfirmation.leadSms' : 'otpConfirmation.leadEmail', {
            destination,
          })}
        </Text>
        <FormLoadError error={form.formState.errors.root} />
        <ApiErrorAlert error={server.error} />
        <CodeField control={form.control} name="code" onComplete={() => void onSubmit()} />
        <Button type="submit" size="md" fullWidth loading={form.formState.isSubmitting}>
          {t('otpConfirmation.submit')}
        </Button>
        <ResendCode
          initiallySent
          resend={() => requestOtp(target)}
          onStart={server.clear}
          onError={server.report}
        />
      </Stack>
    </form>
  )
}
