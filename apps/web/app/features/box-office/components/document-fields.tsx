import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core'
import { DOCUMENT_TYPES, type DocumentType } from '@palco/domain/people/vocabulary'
import { useTranslation } from 'react-i18next'

/**
 * An identity document as the counter types it: its type and number, side by side from 576 px, each with
 * its own message when wrong. Used for the payer of a sale paid later and for entry by document.
 */
export function DocumentFields(props: {
  documentType: DocumentType | ''
  documentNumber: string
  onType: (type: DocumentType) => void
  onNumber: (number: string) => void
  typeMissing: boolean
  numberInvalid: boolean
}) {
  const { t } = useTranslation(['boxoffice', 'auth', 'errors'])
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <NativeSelect
        label={t('auth:fields.documentType')}
        value={props.documentType}
        onChange={(e) => props.onType(e.currentTarget.value as DocumentType)}
        error={props.typeMissing ? t('errors:fields.required') : undefined}
        required
        data={[
          { value: '', label: t('auth:fields.choose'), disabled: true },
          ...DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`auth:documentTypes.${d}`) })),
        ]}
      />
      <TextInput
        label={t('auth:fields.documentNumber')}
        value={props.documentNumber}
        onChange={(e) => props.onNumber(e.currentTarget.value)}
        error={props.numberInvalid ? t('payLater.documentInvalid') : undefined}
        maxLength={20}
        autoComplete="off"
        required
      />
    </SimpleGrid>
  )
}
