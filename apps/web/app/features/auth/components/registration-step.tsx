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
import type { SignUp, SignUpInput } from '@palco/domain/people/fan'
import { DOCUMENT_TYPES, type DocumentType, GENDERS } from '@palco/domain/people/vocabulary'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { Trans, useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { FormLoadError } from '../../../components/ui/form-load-error'
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
import { authResolver } from '../model/auth-resolver'
import { ExistsHint } from './exists-hint'
import type { StepProps } from './step-props'

type RegistrationChecks = typeof import('../model/auth-form-rules')['registrationChecks']

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

const rules = () => import('../model/auth-form-rules')
const resolver = authResolver<SignUpInput, SignUp>((rules) => rules.signUpResolver)

const today = () => new Date().toISOString().slice(0, 10)

/** Spec §2 "registration": the fan's real details, checked by the same schema as the API. */
export function RegistrationStep({ state, send, country, autoFocus }: StepProps) {
  const { t } = useTranslation('auth')
  const fieldError = useFieldErrorText()
  const defaults = {
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
  }
  const form = useForm<SignUpInput, unknown, SignUp>({ resolver, defaultValues: defaults })
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

  // Only a hint: rules that cannot be fetched leave it unsaid (the sign-up itself checks everything).
  const checkWith = (check: (checks: RegistrationChecks) => void) => {
    rules()
      .then((m) => check(m.registrationChecks))
      .catch(() => undefined)
  }
  const checkEmail = (value: string) => checkWith((checks) => emailCheck.run(checks.email(value)))
  const checkPhone = () =>
    checkWith((checks) =>
      phoneCheck.run(
        checks.phone({ phonePrefix: form.getValues('phonePrefix'), phone: form.getValues('phone') }),
      ),
    )
  const checkDocument = () =>
    checkWith((checks) =>
      documentCheck.run(
        checks.document({
          documentType: form.getValues('documentType'),
          documentNumber: form.getValues('documentNumber'),
        }),
      ),
    )
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
        <FormLoadError error={form.formState.errors.root} />
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
            // The server draws the form too (the login page at ?step=registration): the lists start at the
            // country's choices in its HTML, not at their first option until the script runs.
            prefixProps={{
              ...form.register('phonePrefix', { onChange: checkPhone }),
              defaultValue: defaults.phonePrefix,
            }}
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
              defaultValue={defaults.documentType}
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
            defaultValue={defaults.gender}
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
