import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core'
import type { passwordLoginSchema } from '@palco/domain/people/fan'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { FormLoadError } from '../../../components/ui/form-load-error'
import { PasswordField } from '../../../components/ui/password-field'
import { isApiError } from '../../../lib/api-client'
import { useFieldErrorText } from '../../../lib/forms/use-field-error'
import { useServerError } from '../../../lib/forms/use-server-error'
import { login } from '../api/login'
import { authResolver } from '../model/auth-resolver'
import type { SessionView } from '../model/session-view'

type Input = z.input<typeof passwordLoginSchema>
type Output = z.output<typeof passwordLoginSchema>
const resolver = authResolver<Input, Output>((rules) => rules.passwordLoginResolver)
const FIELDS = ['email', 'password'] as const

/**
 * Email and password. Used as the dialog's "old login" step and, with `operator`, as the operators' door
 * (spec §6), which refuses fan accounts with InvalidAccountTypeException.
 */
export function PasswordLoginForm(props: {
  email?: string | undefined
  operator?: boolean
  autoFocus: boolean
  submitLabel: string
  onLoggedIn: (session: SessionView) => void
  onUnconfirmed?: (email: string) => void
  onForgotPassword?: (email: string) => void
}) {
  const { t } = useTranslation('auth')
  const fieldError = useFieldErrorText()
  const form = useForm<Input, unknown, Output>({
    resolver,
    defaultValues: { email: props.email ?? '', password: '' },
  })
  const server = useServerError(form.setError, FIELDS)
  const { autoFocus } = props
  useEffect(() => {
    if (autoFocus) form.setFocus(props.email ? 'password' : 'email')
  }, [autoFocus, form, props.email])

  const onSubmit = form.handleSubmit(async (values) => {
    server.clear()
    try {
      const { session } = await login({
        email: values.email ?? '',
        password: values.password,
        ...(props.operator ? { operator: true } : {}),
      })
      props.onLoggedIn(session)
    } catch (err) {
      if (
        isApiError(err) &&
        err.code === 'UserNotConfirmedException' &&
        props.onUnconfirmed &&
        values.email
      ) {
        props.onUnconfirmed(values.email)
        return
      }
      server.report(err)
      form.resetField('password', { keepError: true })
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormLoadError error={form.formState.errors.root} />
        {props.operator && server.error?.code === 'InvalidAccountTypeException' ? (
          // The catalogue's words are generic; at the staff's door a fan is told where fans log in.
          <Alert color="red" variant="light" role="alert" data-error-code={server.error.code}>
            {t('operators.not_staff')}
          </Alert>
        ) : (
          <ApiErrorAlert error={server.error} />
        )}
        <TextInput
          {...form.register('email')}
          label={t('fields.email')}
          type="email"
          inputMode="email"
          autoComplete={props.operator ? 'username' : 'email'}
          error={fieldError(form.formState.errors.email)}
        />
        <PasswordField
          {...form.register('password')}
          label={t('fields.password')}
          autoComplete="current-password"
          error={fieldError(form.formState.errors.password)}
        />
        {props.onForgotPassword ? (
          <Group justify="flex-end">
            <Anchor
              component="button"
              type="button"
              onClick={() => props.onForgotPassword?.(form.getValues('email') ?? '')}
            >
              {t('oldLogin.forgot')}
            </Anchor>
          </Group>
        ) : null}
        <Button type="submit" size="md" fullWidth loading={form.formState.isSubmitting}>
          {props.submitLabel}
        </Button>
      </Stack>
    </form>
  )
}
