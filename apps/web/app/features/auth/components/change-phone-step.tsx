import { Anchor, Button, Group, Stack, Text } from '@mantine/core'
import { type PhonePrefix, phonePrefixOf } from '@palco/domain/locale/country'
import type { updatePhoneSchema } from '@palco/domain/people/fan'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { FormLoadError } from '../../../components/ui/form-load-error'
import { PhoneField } from '../../../components/ui/phone-field'
import { formatPhone } from '../../../lib/format-phone'
import { useFieldErrorText } from '../../../lib/forms/use-field-error'
import { useServerError } from '../../../lib/forms/use-server-error'
import { updatePhoneNumber } from '../api/update-phone-number'
import { useCodeSubmit } from '../hooks/use-code-submit'
import type { PhoneTarget } from '../model/auth-flow'
import { authResolver } from '../model/auth-resolver'
import { CodeField } from './code-field'
import { ResendCode } from './resend-code'
import type { StepProps } from './step-props'

type Input = z.input<typeof updatePhoneSchema>
type Output = z.output<typeof updatePhoneSchema>
const resolver = authResolver<Input, Output>((rules) => rules.updatePhoneResolver)
const NUMBER_FIELDS = ['phonePrefix', 'phone'] as const
const CODE_FIELDS = ['code'] as const

/** First half of spec §2 "change phone number": the new number, which gets a code. */
function NewNumberForm({ state, send, country, autoFocus }: StepProps) {
  const { t } = useTranslation('auth')
  const fieldError = useFieldErrorText()
  const form = useForm<Input, unknown, Output>({
    resolver,
    defaultValues: {
      phonePrefix: state.phone?.phonePrefix ?? phonePrefixOf(country),
      phone: state.phone?.phone ?? '',
    },
  })
  const server = useServerError(form.setError, NUMBER_FIELDS)
  useEffect(() => {
    if (autoFocus) form.setFocus('phone')
  }, [autoFocus, form])
  const prefix = (form.watch('phonePrefix') ?? phonePrefixOf(country)) as PhonePrefix

  const onSubmit = form.handleSubmit(async (values) => {
    server.clear()
    const phone: PhoneTarget = { phonePrefix: values.phonePrefix, phone: values.phone }
    try {
      await updatePhoneNumber(phone)
      send({ type: 'phoneCodeSent', phone })
    } catch (err) {
      server.report(err)
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text>{t('changePhoneNumber.lead')}</Text>
        <FormLoadError error={form.formState.errors.root} />
        <ApiErrorAlert error={server.error} />
        <PhoneField
          prefix={prefix}
          label={t('fields.newPhone')}
          dialogAutoFocus={autoFocus}
          prefixProps={form.register('phonePrefix')}
          phoneProps={form.register('phone')}
          error={fieldError(form.formState.errors.phone)}
          prefixError={fieldError(form.formState.errors.phonePrefix)}
        />
        <Button type="submit" size="md" fullWidth loading={form.formState.isSubmitting}>
          {t('changePhoneNumber.sendCode')}
        </Button>
      </Stack>
    </form>
  )
}

/** Second half: the code sent to the new number switches the account to it. */
function NewNumberCodeForm({ state, send, autoFocus, onSessionChange }: StepProps) {
  const { t } = useTranslation('auth')
  const _fieldError = useFieldErrorText()
  const phone = state.phone as PhoneTarget
  const form = useForm<Input, unknown, Output>({
    resolver,
    defaultValues: { ...phone, code: '' },
  })
  const server = useServerError(form.setError, CODE_FIELDS)
  useEffect(() => {
    if (autoFocus) form.setFocus('code')
  }, [autoFocus, form])

  const onSubmit = useCodeSubmit(
    form,
    async (values) => {
      server.clear()
      await updatePhoneNumber({ ...phone, code: values.code ?? '' })
      onSessionChange()
      send({ type: 'phoneChanged' })
    },
    server.report,
  )

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text>{t('changePhoneNumber.codeLead', { phone: formatPhone(phone.phonePrefix, phone.phone) })}</Text>
        <Group justify="flex-start">
          <Anchor component="button" type="button" onClick={() => send({ type: 'editPhone' })}>
            {t('changePhoneNumber.edit')}
          </Anchor>
        </Group>
        <FormLoadError error={form.formState.errors.root} />
        <ApiErrorAlert error={server.error} />
        <CodeField control={form.control} name="code" onComplete={() => void onSubmit()} />
        <Button type="submit" size="md" fullWidth loading={form.formState.isSubmitting}>
          {t('changePhoneNumber.confirm')}
        </Button>
        <ResendCode
          initiallySent
          resend={() => updatePhoneNumber(phone)}
          onStart={server.clear}
          onError={server.report}
        />
      </Stack>
    </form>
  )
}

/** Spec §2 "change phone number" (profile): the new number, then its code; the model keeps which half. */
export function ChangePhoneStep(props: StepProps) {
  return props.state.phoneCodeSent && props.state.phone ? (
    <NewNumberCodeForm {...props} />
  ) : (
    <NewNumberForm {...props} />
  )
}
