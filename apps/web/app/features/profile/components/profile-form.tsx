import { zodResolver } from '@hookform/resolvers/zod'
import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { type Fan, profileUpdateSchema } from '@palco/domain/people/fan'
import { GENDERS } from '@palco/domain/people/vocabulary'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { useFieldErrorText } from '../../../lib/forms/use-field-error'
import { useServerError } from '../../../lib/forms/use-server-error'
import { updateProfile } from '../api/update-profile'

type Input = z.input<typeof profileUpdateSchema>
type Output = z.output<typeof profileUpdateSchema>
const FIELDS = ['firstName', 'lastName', 'gender', 'birthDate'] as const

const valuesOf = (fan: Fan): Input => ({
  firstName: fan.firstName,
  lastName: fan.lastName,
  gender: (fan.gender ?? '') as Input['gender'],
  birthDate: fan.birthDate ?? '',
})

/** The fan's own details that may change freely (PUT /api/fan), checked by the API's schema. */
export function ProfileForm(props: { fan: Fan; onSaved: () => void }) {
  const { t } = useTranslation('auth')
  const fieldError = useFieldErrorText()
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: valuesOf(props.fan),
  })
  const server = useServerError(form.setError, FIELDS)
  const [saved, setSaved] = useState(false)
  const errors = form.formState.errors

  const onSubmit = form.handleSubmit(async (values) => {
    server.clear()
    setSaved(false)
    try {
      const fan = await updateProfile(values)
      form.reset(valuesOf(fan))
      setSaved(true)
      props.onSaved()
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
            autoComplete="bday"
            error={fieldError(errors.birthDate)}
          />
        </SimpleGrid>
        <Group justify="space-between" wrap="wrap-reverse" gap="sm">
          <Text size="sm" role="status">
            {saved && !form.formState.isDirty ? t('profile.saved') : ''}
          </Text>
          <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
