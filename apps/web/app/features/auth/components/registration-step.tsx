import { zodResolver } from '@hookform/resolvers/zod'
import {
  Anchor,
  Button,
  Checkbox,
  NativeSelect,
  SimpleGrid,
  Stack,
  TextInput,
  VisuallyHidden,
} from '@mantine/core'
import { type Country, type PhonePrefix, phonePrefixOf } from '@palco/domain/locale/country'
import {
  documentNumberSchema,
  documentTypeFieldSchema,
  phoneFieldsSchema,
  type SignUp,
  type SignUpInput,
  signUpSchema,
} from '@palco/domain/people/fan'
import { DOCUMENT_TYPES, type DocumentType, GENDERS } from '@palco/domain/people/vocabulary'
import { emailSchema } from '@palco/domain/validation/validation'
import { useEffect } from 'react'
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form'
import { Trans, useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { PasswordField } from '../../../components/ui/password-field'
import { PasswordRules } from '../../../components/ui/password-rules'
import { PhoneField } from '../../../components/ui/phone-field'
import { useFieldErrorText } from '../../../lib/forms/use-field-error'
import { useServerError } from '../../../lib/forms/use-server-error'
import { emailExists } from '../api/email-validation'
import { documentExists } from '../api/identification-validation'
import { phoneExists } from '../api/phone-validation'
import { signUp } from '../api/sign-up'
import { useExistenceCheck } from '../hooks/use-existence-check'
import { ExistsHint } from './exists-hint'
import type { StepProps } from './step-props'

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phonePrefix',
  'phone',
  'documentType',
  'documentNumber',
  'gender',
  'birthDate',
  'password',
  'acceptTerms',
] as const

/**
 * The identification most people of each country carry (spec §3 lists the types, not the defaults).
 * The spec gives only the codes; we read CEIE, CINPAM, CP and CV as Mexican IDs (IFE voter card, INAPAM
 * card, professional licence, INE voter card), and the labels keep each code beside its name.
 */
const DEFAULT_DOCUMENT: Record<Country, DocumentType> = { COL: 'CC', MEX: 'CV' }

const signUpResolver = zodResolver(signUpSchema)
const phoneResolver = zodResolver(phoneFieldsSchema)

/**
 * The sign-up schema checks the phone after the object's own fields, so a form with other mistakes would
 * not yet mark a bad phone. The domain's phone schema fills that gap, so every mistake shows at once.
 */
const resolver: Resolver<SignUpInput, unknown, SignUp> = async (values, context, options) => {
  const result = await signUpResolver(values, context, options)
  const errors = result.errors as FieldErrors<SignUpInput>
  if (Object.keys(errors).length === 0 || errors.phone || errors.phonePrefix) return result
  const phone = await phoneResolver(
    { phonePrefix: values.phonePrefix, phone: values.phone },
    context,
    options as never,
  )
  return { values: {}, errors: { ...phone.errors, ...errors } } as typeof result
}

const today = () => new Date().toISOString().slice(0, 10)

/** Spec §2 "registration": the fan's real details, checked by the same schema as the API. */
export function RegistrationStep({ state, send, country, autoFocus }: StepProps) {
  const { t } = useTranslation('auth')
  const fieldError = useFieldErrorText()
  const form = useForm<SignUpInput, unknown, SignUp>({
    resolver,
    defaultValues: {
      firstName: '',
      lastName: '',
      email: state.email ?? '',
      phonePrefix: state.phone?.phonePrefix ?? phonePrefixOf(country),
      phone: state.phone?.phone ?? '',
      documentType: DEFAULT_DOCUMENT[country],
      documentNumber: '',
      gender: '' as SignUpInput['gender'],
      birthDate: '',
      password: '',
      acceptTerms: false as unknown as true,
    },
  })
  const server = useServerError(form.setError, FIELDS)
  const emailCheck = useExistenceCheck(emailExists)
  const phoneCheck = useExistenceCheck(phoneExists)
  const documentCheck = useExistenceCheck(documentExists)
  useEffect(() => {
    if (autoFocus) form.setFocus('firstName')
  }, [autoFocus, form])

  const errors = form.formState.errors
  const prefix = (form.watch('phonePrefix') ?? phonePrefixOf(country)) as PhonePrefix
  const password = form.watch('password') ?? ''

  const checkEmail = (value: string) => {
    const parsed = emailSchema.safeParse(value)
    emailCheck.run(parsed.success ? { email: parsed.data } : null)
  }
  const checkPhone = () => {
    const parsed = phoneFieldsSchema.safeParse({
      phonePrefix: form.getValues('phonePrefix'),
      phone: form.getValues('phone'),
    })
    phoneCheck.run(parsed.success ? parsed.data : null)
  }
  const checkDocument = () => {
    const type = documentTypeFieldSchema.safeParse(form.getValues('documentType'))
    const number = documentNumberSchema.safeParse(form.getValues('documentNumber'))
    documentCheck.run(
      type.success && number.success ? { documentType: type.data, documentNumber: number.data } : null,
    )
  }
  const toLogin = () => send({ type: 'showLogin' })

  const onSubmit = form.handleSubmit(async (values) => {
    server.clear()
    try {
      const { email } = await signUp(values)
      send({ type: 'registered', email })
    } catch (err) {
      server.report(err)
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <ApiErrorAlert error={server.error} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            {...form.register('firstName')}
            label={t('fields.firstName')}
            autoComplete="given-name"
            error={fieldError(errors.firstName)}
          />
          <TextInput
            {...form.register('lastName')}
            label={t('fields.lastName')}
            autoComplete="family-name"
            error={fieldError(errors.lastName)}
          />
        </SimpleGrid>
        <div>
          <TextInput
            {...form.register('email', { onBlur: (e) => checkEmail(e.target.value) })}
            label={t('fields.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            error={fieldError(errors.email)}
          />
          <ExistsHint
            show={emailCheck.exists && !errors.email}
            text={t('registration.emailExists')}
            action={t('registration.goToLogin')}
            onAction={toLogin}
          />
        </div>
        <div>
          <PhoneField
            prefix={prefix}
            prefixProps={form.register('phonePrefix', { onChange: checkPhone })}
            phoneProps={form.register('phone', { onBlur: checkPhone })}
            error={fieldError(errors.phone)}
            prefixError={fieldError(errors.phonePrefix)}
          />
          <ExistsHint
            show={phoneCheck.exists && !errors.phone}
            text={t('registration.phoneExists')}
            action={t('registration.goToLogin')}
            onAction={toLogin}
          />
        </div>
        <div>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NativeSelect
              {...form.register('documentType', { onChange: checkDocument })}
              label={t('fields.documentType')}
              error={fieldError(errors.documentType)}
              data={DOCUMENT_TYPES.map((type) => ({ value: type, label: t(`documentTypes.${type}`) }))}
            />
            <TextInput
              {...form.register('documentNumber', { onBlur: checkDocument })}
              label={t('fields.documentNumber')}
              autoComplete="off"
              error={fieldError(errors.documentNumber)}
            />
          </SimpleGrid>
          <ExistsHint
            show={documentCheck.exists && !errors.documentNumber}
            text={t('registration.documentExists')}
            action={t('registration.goToLogin')}
            onAction={toLogin}
          />
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NativeSelect
            {...form.register('gender')}
            label={t('fields.gender')}
            error={fieldError(errors.gender)}
            data={[
              { value: '', label: t('fields.choose'), disabled: true },
              ...GENDERS.map((g) => ({ value: g, label: t(`genders.${g}`) })),
            ]}
          />
          <TextInput
            {...form.register('birthDate')}
            label={t('fields.birthDate')}
            type="date"
            max={today()}
            autoComplete="bday"
            error={fieldError(errors.birthDate)}
          />
        </SimpleGrid>
        <PasswordField
          {...form.register('password')}
          label={t('fields.password')}
          autoComplete="new-password"
          error={fieldError(errors.password)}
        />
        <PasswordRules password={password} />
        <Checkbox
          {...form.register('acceptTerms')}
          error={fieldError(errors.acceptTerms)}
          label={
            <Trans
              t={t}
              i18nKey="registration.acceptTerms"
              components={{
                tos: <Anchor href="/tos" target="_blank" rel="noopener" inherit />,
                privacy: <Anchor href="/privacy-policies" target="_blank" rel="noopener" inherit />,
                newTab: <VisuallyHidden />,
              }}
            />
          }
        />
        <Button type="submit" size="md" fullWidth loading={form.formState.isSubmitting}>
          {t('registration.submit')}
        </Button>
        <Button variant="subtle" fullWidth onClick={toLogin}>
          {t('registration.haveAccount')}
        </Button>
      </Stack>
    </form>
  )
}
