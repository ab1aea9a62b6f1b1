import { Button, Group, Modal, NativeSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core'
import type { PhonePrefix } from '@palco/domain/locale/country'
import { type TransferBody, transferBodySchema } from '@palco/domain/tickets/contract'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { type ApiError, isApiError } from '../../../lib/api-client'
import { type TransferResult, transferTicket } from '../api/transfer-ticket'

/**
 * Transfer to a friend by email or phone (issue 7, part 4). The receiver need not have an account: the
 * API pre-registers them. The form checks the same schema as the API before sending.
 *
 * A transfer cannot be undone, so the form does not send at once: it asks first, naming the receiver as
 * typed, with a way back to correct it (issue 13). Focus moves with the step, so a keyboard or screen
 * reader user lands on the question, and back on the field after going back.
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
  // The checked request waiting for the fan's yes, and who it goes to as the fan typed it.
  const [pending, setPending] = useState<{ body: TransferBody; receiver: string } | null>(null)
  const formId = useId()
  const questionId = useId()
  const question = useRef<HTMLParagraphElement>(null)
  const field = useRef<HTMLInputElement>(null)
  const stepped = useRef(false)
  useEffect(() => {
    // Not on first opening: the modal focuses its data-autofocus field itself.
    if (!stepped.current) return
    if (pending) question.current?.focus()
    else field.current?.focus()
  }, [pending])

  function review(event: FormEvent) {
    event.preventDefault()
    setError(null)
    const digits = phone.replace(/\D/g, '')
    const body: TransferBody =
      by === 'email' ? { email: email.trim() } : { phonePrefix: prefix, phone: digits }
    if (!transferBodySchema.safeParse(body).success) {
      setFieldError(by === 'email' ? t('transfer.invalidEmail') : t('transfer.invalidPhone'))
      return
    }
    setFieldError(null)
    stepped.current = true
    setPending({ body, receiver: by === 'email' ? email.trim() : `${prefix} ${digits}` })
  }

  async function send() {
    if (!pending) return
    setError(null)
    setBusy(true)
    try {
      const result = await transferTicket(props.ticketId, pending.body)
      setPending(null)
      stepped.current = false
      props.onDone(result)
    } catch (err) {
      if (isApiError(err)) setError(err)
      else throw err
    } finally {
      setBusy(false)
    }
  }

  const close = () => {
    setPending(null)
    stepped.current = false
    props.onClose()
  }

  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={t('transfer.title')}
      centered
      closeButtonProps={{ 'aria-label': t('transfer.cancel') }}
    >
      {pending ? (
        <Stack gap="md" data-testid="transfer-confirm-step">
          <Text fw={700} id={questionId} ref={question} tabIndex={-1} style={{ overflowWrap: 'anywhere' }}>
            {t('transfer.confirmQuestion', { receiver: pending.receiver })}
          </Text>
          <Text size="sm">{t('transfer.confirmBody')}</Text>
          <ApiErrorAlert error={error} />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => {
                setError(null)
                setPending(null)
              }}
              disabled={busy}
              data-testid="transfer-back"
            >
              {t('transfer.back')}
            </Button>
            <Button
              onClick={() => void send()}
              loading={busy}
              aria-describedby={questionId}
              data-testid="transfer-confirm"
            >
              {t('transfer.confirm')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form id={formId} onSubmit={review} noValidate>
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
                ref={field}
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
                  ref={field}
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
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('transfer.cancel')}
              </Button>
              <Button type="submit" data-testid="transfer-submit">
                {t('transfer.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  )
}
