import { zodResolver } from '@hookform/resolvers/zod'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { deleteAccountSchema } from '@palco/domain/people/fan'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { PasswordField } from '../../../components/ui/password-field'
import { useFieldErrorText } from '../../../lib/forms/use-field-error'
import { useServerError } from '../../../lib/forms/use-server-error'
import { deleteAccount } from '../api/delete-account'

type Input = z.input<typeof deleteAccountSchema>
type Output = z.output<typeof deleteAccountSchema>
const FIELDS = ['password'] as const

/**
 * Deleting the account asks twice: a button, then a dialog that needs the password (spec §7
 * delete-user). Personal data goes; orders stay, anonymised, for accounting (the API's decision).
 */
export function DeleteAccount(props: { onDeleted: () => void }) {
  const { t } = useTranslation('auth')
  const fieldError = useFieldErrorText()
  const [open, setOpen] = useState(false)
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  })
  const server = useServerError(form.setError, FIELDS)
  const { reset } = form
  const clearServer = server.clear
  // Each opening starts empty; the dialog itself focuses the field marked data-autofocus.
  useEffect(() => {
    if (!open) return
    reset()
    clearServer()
  }, [open, reset, clearServer])

  const onSubmit = form.handleSubmit(async (values) => {
    server.clear()
    try {
      await deleteAccount(values)
      setOpen(false)
      props.onDeleted()
    } catch (err) {
      server.report(err)
    }
  })

  return (
    <>
      <Stack gap="sm" align="flex-start">
        <Text>{t('profile.deleteLead')}</Text>
        <Button color="red" variant="outline" onClick={() => setOpen(true)}>
          {t('profile.delete')}
        </Button>
      </Stack>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('profile.deleteTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('dialog.close') }}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text>{t('profile.deleteWarning')}</Text>
            <ApiErrorAlert error={server.error} />
            <PasswordField
              {...form.register('password')}
              label={t('fields.password')}
              autoComplete="current-password"
              error={fieldError(form.formState.errors.password)}
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('profile.cancel')}
              </Button>
              {/* red.9: white on the default filled red (red.8) is 4.51:1, too close to AA to survive a fade-in. */}
              <Button type="submit" color="red.9" loading={form.formState.isSubmitting}>
                {t('profile.deleteConfirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  )
}
