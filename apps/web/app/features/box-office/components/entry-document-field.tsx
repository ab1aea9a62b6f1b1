import { Checkbox, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { type EntryDocument, entryDocumentSchema } from '@palco/domain/box-office/contract'
import { DOCUMENT_TYPES, type DocumentType } from '@palco/domain/people/vocabulary'
import { useTranslation } from 'react-i18next'

/** What the operator has typed for entry by identity document (IDENTIFICATION), before it is checked. */
export interface EntryDocumentDraft {
  enabled: boolean
  documentType: DocumentType | ''
  documentNumber: string
}

export const NO_ENTRY_DOCUMENT: EntryDocumentDraft = { enabled: false, documentType: '', documentNumber: '' }

/** The document to sell with: none, the document (by the server's own rule), or 'invalid' to say so. */
export function entryDocumentOf(draft: EntryDocumentDraft): EntryDocument | null | 'invalid' {
  if (!draft.enabled) return null
  const parsed = entryDocumentSchema.safeParse(draft)
  return parsed.success ? parsed.data : 'invalid'
}

/**
 * Entry by identity document (issue 15, IDENTIFICATION): the sale's tickets also admit their holder when
 * they show this document at the gate, for a buyer with no phone who might lose the printout.
 */
export function EntryDocumentField(props: {
  value: EntryDocumentDraft
  onChange: (value: EntryDocumentDraft) => void
  /** Shows what is wrong once the operator tried to sell. */
  showErrors: boolean
}) {
  const { t } = useTranslation(['boxoffice', 'auth', 'errors'])
  const { value, onChange } = props
  const wrong = props.showErrors && entryDocumentOf(value) === 'invalid'
  return (
    <Stack gap="xs" data-testid="entry-document">
      <Checkbox
        label={t('entry.label')}
        description={t('entry.hint')}
        checked={value.enabled}
        onChange={(e) => onChange({ ...value, enabled: e.currentTarget.checked })}
      />
      {value.enabled && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelect
            label={t('auth:fields.documentType')}
            value={value.documentType}
            onChange={(e) => onChange({ ...value, documentType: e.currentTarget.value as DocumentType })}
            error={wrong && !value.documentType ? t('errors:fields.required') : undefined}
            required
            data={[
              { value: '', label: t('auth:fields.choose'), disabled: true },
              ...DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`auth:documentTypes.${d}`) })),
            ]}
          />
          <TextInput
            label={t('auth:fields.documentNumber')}
            value={value.documentNumber}
            onChange={(e) => onChange({ ...value, documentNumber: e.currentTarget.value })}
            error={wrong && value.documentType ? t('payLater.documentInvalid') : undefined}
            maxLength={20}
            autoComplete="off"
            required
          />
        </SimpleGrid>
      )}
    </Stack>
  )
}
