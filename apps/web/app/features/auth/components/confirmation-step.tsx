import { Alert, Button, Stack, Text } from '@mantine/core'
import type { confirmSignUpSchema } from '@palco/domain/people/fan'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { FormLoadError } from '../../../components/ui/form-load-error'
import { useFieldErrorText } from '../../../lib/forms/use-field-error'
import { useServerError } from '../../../lib/forms/use-server-error'
import { confirmSignUp } from '../api/confirm-sign-up'
import { resendConfirmation } from '../api/resend-confirmation'
import { useCodeSubmit } from '../hooks/use-code-submit'
import { authResolver } from '../model/auth-resolver'
import { CodeField } from './code-field'
import { ResendCode } from './resend-code'
import type { StepProps } from './step-props'

type Input = z.input<typeof confirmSignUpSchema>
type Output = z.output<typeof confirmSignUpSchema>
const resolver = authResolver<Input, Output>((rules) => rules.confirmSignUpResolver)
const FIELDS = ['code'] as const

/**
 * Spec §2 "confirmation": the code emailed after registration confirms the account and logs the fan in.
 * Also reached from a password login with an unconfirmed account, where no code was just sent.
 */
export function ConfirmationStep({ state, send, autoFocus, onSessionChange }: StepProps) {
  const { t } = useTranslation('auth')
  const _fieldError = useFieldErrorText()
  const email = state.email ?? ''
  const form = useForm<Input, unknown, Output>({
    resolver,
    defaultValues: { email, code: '' },
  })
  const server = useServerError(form.setError, FIELDS)
  useEffect(() => {
    if (autoFocus) form.setFocus('code')
  }, [autoFocus, form])

  const onSubmit = useCodeSubmit(
    form,
    async (values) => {
      server.clear()
      await confirmSignUp({ email, code: values.code })
      onSessionChange()
      send({ type: 'accountConfirmed' })
    },
    server.report,
  )

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {state.reason === 'unconfirmed' ? (
          <Alert color="blue" variant="light">
            {t('confirmation.unconfirmed', { email })}
          </Alert>
        ) : (
          <Text>{t('confirmation.lead', { email })}</Text>
        )}
        <FormLoadError error={form.formState.errors.root} />
        <ApiErrorAlert error={server.error}>
          {server.error?.code === 'InvalidStateException' ? (
            <Button size="xs" variant="white" color="red" onClick={() => send({ type: 'choosePassword' })}>
              {t('oldLogin.submit')}
            </Button>
          ) : null}
        </ApiErrorAlert>
        <CodeField control={form.control} name="code" onComplete={() => void onSubmit()} />
        <Button type="submit" size="md" fullWidth loading={form.formState.isSubmitting}>
          {t('confirmation.submit')}
        </Button>
        <ResendCode
          initiallySent={state.reason !== 'unconfirmed'}
          resend={() => resendConfirmation({ email })}
          onStart={server.clear}
          onError={server.report}
        />
      </Stack>
    </form>
  )
}
