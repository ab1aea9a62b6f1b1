import { Button, Group, Modal, NativeSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core'
import type { PhonePrefix } from '@palco/domain/locale/country'
import { type TransferBody, transferBodySchema } from '@palco/domain/tickets/contract'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { type ApiError, isApiError } from '../../../lib/api-client'
import { type TransferResult, transferTicket } from '../api/transfer-ticket'

/**
 * Transfer to a friend by email or phone (issue 7, part 4). The receiver need not have an account: the
 * API pre-registers them. The form checks the same schema as the API before sending.
 */
export function TransferDialog(props: {
  ticketId: string
  opened: boolean
  defaultPrefix: PhonePrefix
  onClose: () => void
  onDone: (result: TransferResult) => void
}) {
  const { t } = useTranslation('tickets')
  const [by, setBy] = useState<'email' | 'phone'>('email')
  const [email, setEmail] = useState('')
  const [prefix, setPrefix] = useState<PhonePrefix>(props.defaultPrefix)
  const [phone, setPhone] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [error, setError] = useState<ApiError | null>(null)
  const [busy, setBusy] = useState(false)
  const formId = useId()

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    const body: TransferBody =
      by === 'email' ? { email: email.trim() } : { phonePrefix: prefix, phone: phone.replace(/\D/g, '') }
    if (!transferBodySchema.safeParse(body).success) {
      setFieldError(by === 'email' ? t('transfer.invalidEmail') : t('transfer.invalidPhone'))
      return
    }
    setFieldError(null)
    setBusy(true)
    try {
      props.onDone(await transferTicket(props.ticketId, body))
    } catch (err) {
      if (isApiError(err)) setError(err)
      else throw err
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('transfer.title')}
      centered
      closeButtonProps={{ 'aria-label': t('transfer.cancel') }}
    >
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('transfer.lead')}</Text>
          <SegmentedControl
            aria-label={t('transfer.by')}
            value={by}
            onChange={(v) => {
              setBy(v as 'email' | 'phone')
              setFieldError(null)
            }}
            data={[
              { value: 'email', label: t('transfer.byEmail') },
              { value: 'phone', label: t('transfer.byPhone') },
            ]}
          />
          {by === 'email' ? (
            <TextInput
              label={t('transfer.email')}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={fieldError}
              required
              data-autofocus
              data-testid="transfer-email"
            />
          ) : (
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <NativeSelect
                label={t('transfer.prefix')}
                value={prefix}
                onChange={(e) => setPrefix(e.currentTarget.value as PhonePrefix)}
                data={['+57', '+52']}
                w={96}
                style={{ flexShrink: 0 }}
              />
              <TextInput
                label={t('transfer.phone')}
                type="tel"
                inputMode="numeric"
                autoComplete="off"
                value={phone}
                onChange={(e) => setPhone(e.currentTarget.value)}
                error={fieldError}
                required
                style={{ flex: 1, minWidth: 0 }}
                data-testid="transfer-phone"
              />
            </Group>
          )}
          <ApiErrorAlert error={error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose}>
              {t('transfer.cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="transfer-submit">
              {t('transfer.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
