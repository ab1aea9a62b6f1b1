import { Button, NativeSelect, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core'
import type { PhonePrefix } from '@palco/domain/locale/country'
import { DOCUMENT_TYPES } from '@palco/domain/people/vocabulary'
import { type ReactNode, useEffect, useId } from 'react'
import { type FieldErrors, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormLoadError } from '../../../components/ui/form-load-error'
import { PhoneField } from '../../../components/ui/phone-field'
import { lazyResolver } from '../../../lib/forms/lazy-resolver'
import { useFieldErrorText } from '../../../lib/forms/use-field-error'
import type { DetailsForm, DetailsFormInput } from '../model/checkout-forms'
import type { DetailsProblems } from '../model/checkout-session'

const detailsResolver = lazyResolver<DetailsFormInput, DetailsForm>(() =>
  import('../model/checkout-form-schemas').then((m) => m.detailsResolver),
)
// This form is what its page is for, and a tap on "continue" kept before hydration is replayed at once: its
// schema is fetched as this module runs, while the page hydrates, not at that submit (issue 13). After the
// page's own modules, so it never competes with them; not a preload of the page, which would count it in the
// page's first download.
if (typeof document !== 'undefined') detailsResolver.preload()

type DetailsPath =
  | `contact.${keyof DetailsFormInput['contact']}`
  | `billing.${keyof DetailsFormInput['billing']}`

const valueAt = (values: DetailsFormInput, path: DetailsPath): string => {
  const [group, key] = path.split('.') as ['contact' | 'billing', string]
  return String((values[group] as Record<string, unknown>)[key] ?? '')
}

function Section(props: { title: string; form: 'contact' | 'billing'; children: ReactNode }) {
  const id = useId()
  return (
    <Paper
      component="fieldset"
      withBorder
      radius="md"
      p="md"
      m={0}
      aria-labelledby={id}
      data-form={props.form}
      style={{ minWidth: 0 }}
    >
      <Title order={2} size="h4" id={id} mb="sm">
        {props.title}
      </Title>
      {props.children}
    </Paper>
  )
}

/**
 * `/checkout`'s contact and billing forms (spec §2: tracked as the contact and billing forms), prefilled
 * from the fan's profile. Submitting checks both and hands the values on; nothing is sent to the API
 * until the fan pays.
 */
export function DetailsFormView(props: {
  defaults: DetailsFormInput
  disabled?: boolean
  /** Values typed earlier in this tab (read after hydration, so the server render stays the profile's). */
  restore?: () => DetailsFormInput | null
  /**
   * Where the browser itself posts the form when "continue" is tapped before the page's script runs (issue
   * 13); the server checks it and goes on, or answers with `errors`. Once the script runs, it handles the
   * submission and nothing is posted.
   */
  action?: string
  /** The server's verdict on a form the browser posted (shown from the first paint). */
  errors?: DetailsProblems
  submitLabel: string
  onSubmit: (values: DetailsForm, raw: DetailsFormInput) => void
  /**
   * A second way on with the same checked values (paguitos, issue 16): a button of its own under the
   * main one, which stays the form's default (Enter in a field).
   */
  alternative?: {
    label: string
    onSubmit: (values: DetailsForm, raw: DetailsFormInput) => void
    testId?: string
  }
}) {
  const { t } = useTranslation(['checkout', 'auth'])
  const fieldError = useFieldErrorText()
  const form = useForm<DetailsFormInput, unknown, DetailsForm>({
    resolver: detailsResolver,
    defaultValues: props.defaults,
    ...(props.errors ? { errors: props.errors as FieldErrors<DetailsFormInput> } : {}),
    mode: 'onTouched',
  })
  const errors = form.formState.errors
  // The values are in the server's HTML too (react-hook-form fills uncontrolled inputs only once mounted).
  const field = <N extends DetailsPath>(name: N) => ({
    ...form.register(name),
    defaultValue: valueAt(props.defaults, name),
  })
  const { restore } = props
  useEffect(() => {
    const saved = restore?.()
    if (saved) form.reset(saved)
  }, [restore, form])
  const prefix = form.watch('contact.phonePrefix') as PhonePrefix

  return (
    <form
      noValidate
      {...(props.action ? { method: 'post', action: props.action } : {})}
      onSubmit={form.handleSubmit((values) => props.onSubmit(values, form.getValues()))}
      onFocus={detailsResolver.preload}
      data-testid="details-form"
    >
      <Stack gap="md">
        <Section title={t('checkout:cart.contactTitle')} form="contact">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              {...field('contact.firstName')}
              label={t('auth:fields.firstName')}
              autoComplete="given-name"
              error={fieldError(errors.contact?.firstName)}
            />
            <TextInput
              {...field('contact.lastName')}
              label={t('auth:fields.lastName')}
              autoComplete="family-name"
              error={fieldError(errors.contact?.lastName)}
            />
            <TextInput
              {...field('contact.email')}
              label={t('auth:fields.email')}
              type="email"
              autoComplete="email"
              description={t('checkout:cart.emailHint')}
              error={fieldError(errors.contact?.email)}
            />
            <PhoneField
              prefix={prefix}
              prefixProps={field('contact.phonePrefix')}
              phoneProps={field('contact.phone')}
              error={fieldError(errors.contact?.phone)}
              prefixError={fieldError(errors.contact?.phonePrefix)}
            />
          </SimpleGrid>
        </Section>
        <Section title={t('checkout:cart.billingTitle')} form="billing">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              {...field('billing.fullName')}
              label={t('checkout:cart.fullName')}
              autoComplete="name"
              error={fieldError(errors.billing?.fullName)}
            />
            <NativeSelect
              {...field('billing.documentType')}
              label={t('auth:fields.documentType')}
              error={fieldError(errors.billing?.documentType)}
              data={[
                { value: '', label: t('auth:fields.choose'), disabled: true },
                ...DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`auth:documentTypes.${d}`) })),
              ]}
            />
            <TextInput
              {...field('billing.documentNumber')}
              label={t('auth:fields.documentNumber')}
              autoComplete="off"
              error={fieldError(errors.billing?.documentNumber)}
            />
          </SimpleGrid>
        </Section>
        <FormLoadError error={errors.root} />
        <Button type="submit" size="md" disabled={props.disabled} data-testid="continue-to-payment">
          {props.submitLabel}
        </Button>
        {props.alternative && (
          <Button
            type="button"
            size="md"
            variant="default"
            disabled={props.disabled}
            data-testid={props.alternative.testId}
            onClick={() => {
              const alternative = props.alternative
              if (alternative)
                void form.handleSubmit((values) => alternative.onSubmit(values, form.getValues()))()
            }}
            styles={{
              root: { height: 'auto', minHeight: 42 },
              label: { whiteSpace: 'normal', paddingBlock: 6 },
            }}
          >
            {props.alternative.label}
          </Button>
        )}
      </Stack>
    </form>
  )
}
