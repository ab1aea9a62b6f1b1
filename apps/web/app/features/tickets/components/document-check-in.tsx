import { Button, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { DOCUMENT_TYPES, type DocumentType } from '@palco/domain/people/vocabulary'
import type { CheckInResponse } from '@palco/domain/tickets/contract'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type ApiError, isApiError } from '../../../lib/api-client'
import { checkInByDocument } from '../api/check-in'

/**
 * Entry by identity document at the gate (issue 15, IDENTIFICATION): for tickets sold at the box office
 * bound to their holder's document, the operator types the document shown and the next unused ticket of it
 * is admitted. Needs the network: an offline gate scans those tickets' QR codes instead.
 */
export function DocumentCheckIn(props: {
  eventId: string
  gate: string
  onAnswer: (answer: CheckInResponse) => void
  onError: (error: ApiError) => void
}) {
  const { t } = useTranslation(['tickets', 'auth'])
  const titleId = useId()
  const [documentType, setDocumentType] = useState<DocumentType>('CC')
  const [documentNumber, setDocumentNumber] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (documentNumber.trim().length < 3 || !props.eventId) return
    setBusy(true)
    try {
      props.onAnswer(
        await checkInByDocument({
          eventId: props.eventId,
          gate: props.gate.trim() || '1',
          documentType,
          documentNumber: documentNumber.trim(),
        }),
      )
      setDocumentNumber('')
    } catch (err) {
      if (isApiError(err)) props.onError(err)
      else throw err
    } finally {
      setBusy(false)
    }
  }

  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id={titleId}>
            {t('checkin.byDocument.title')}
          </Title>
          <Text size="sm">{t('checkin.byDocument.lead')}</Text>
          <NativeSelect
            label={t('auth:fields.documentType')}
            value={documentType}
            onChange={(e) => setDocumentType(e.currentTarget.value as DocumentType)}
            data={DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`auth:documentTypes.${d}`) }))}
          />
          <TextInput
            label={t('auth:fields.documentNumber')}
            value={documentNumber}
            onChange={(e) => setDocumentNumber(e.currentTarget.value)}
            maxLength={20}
            autoComplete="off"
            data-testid="checkin-document"
          />
          <Button type="submit" variant="light" loading={busy} data-testid="checkin-document-submit">
            {t('checkin.byDocument.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  )
}
