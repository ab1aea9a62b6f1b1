import { Button, Stack, Text } from '@mantine/core'
import { type PhonePrefix, phonePrefixOf } from '@palco/domain/locale/country'
import type { requestOtpSchema } from '@palco/domain/people/fan'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { FormLoadError } from '../../../components/ui/form-load-error'
import { PhoneField } from '../../../components/ui/phone-field'
import { useFieldErrorText } from '../../../lib/forms/use-field-error'
import { useServerError } from '../../../lib/forms/use-server-error'
import { requestOtp } from '../api/request-otp'
import { authResolver } from '../model/auth-resolver'
import { NoAccountAction } from './no-account-action'
import type { StepProps } from './step-props'

type Input = z.input<typeof requestOtpSchema>
type Output = z.output<typeof requestOtpSchema>
const resolver = authResolver<Input, Output>((rules) => rules.requestOtpResolver)
const FIELDS = ['phonePrefix', 'phone'] as const

/** Spec §2 "phone login": the number an SMS login code goes to, with its country prefix. */
export function PhoneCodeLoginStep({ state, send, country, autoFocus }: StepProps) {
  const { t } = useTranslation('auth')
  const fieldError = useFieldErrorText()
  const form = useForm<Input, unknown, Output>({
    resolver,
    defaultValues: {
      phonePrefix: state.phone?.phonePrefix ?? phonePrefixOf(country),
      phone: state.phone?.phone ?? '',
    },
  })
  const server = useServerError(form.setError, FIELDS)
  useEffect(() => {
    if (autoFocus) form.setFocus('phone')
  }, [autoFocus, form])
  const prefix = form.watch('phonePrefix') ?? phonePrefixOf(country)
  // The shared schema reports a missing identifier on `email` ("email or phone"); this form only has the phone.
  const errors = form.formState.errors
  const phoneError = errors.phone ?? (errors.email ? { message: 'required' } : undefined)

  const onSubmit = form.handleSubmit(async (values) => {
    server.clear()
    const target = { phonePrefix: values.phonePrefix as PhonePrefix, phone: values.phone ?? '' }
    try {
      await requestOtp(target)
      send({ type: 'loginCodeSent', target })
    } catch (err) {
      server.report(err)
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text>{t('phoneLogin.lead')}</Text>
        <FormLoadError error={form.formState.errors.root} />
        <ApiErrorAlert error={server.error}>
          <NoAccountAction
            error={server.error}
            onRegister={() => {
              const v = form.getValues()
              send({
                type: 'startRegistration',
                phone: { phonePrefix: (v.phonePrefix ?? prefix) as PhonePrefix, phone: v.phone ?? '' },
              })
            }}
          />
        </ApiErrorAlert>
        <PhoneField
          prefix={prefix}
          prefixProps={form.register('phonePrefix')}
          phoneProps={form.register('phone')}
          error={fieldError(phoneError)}
          prefixError={fieldError(form.formState.errors.phonePrefix)}
        />
        <Button type="submit" size="md" fullWidth loading={form.formState.isSubmitting}>
          {t('phoneLogin.submit')}
        </Button>
      </Stack>
    </form>
  )
}
