import { Checkbox, Stack } from '@mantine/core'
import { type EntryDocument, entryDocumentSchema } from '@palco/domain/box-office/contract'
import type { DocumentType } from '@palco/domain/people/vocabulary'
import { useTranslation } from 'react-i18next'
import { DocumentFields } from './document-fields'

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
  const { t } = useTranslation('boxoffice')
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
        <DocumentFields
          documentType={value.documentType}
          documentNumber={value.documentNumber}
          onType={(documentType) => onChange({ ...value, documentType })}
          onNumber={(documentNumber) => onChange({ ...value, documentNumber })}
          typeMissing={wrong && !value.documentType}
          numberInvalid={wrong && value.documentType !== ''}
        />
      )}
    </Stack>
  )
}
