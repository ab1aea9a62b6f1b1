import { Select } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { FieldInputProps } from './dynamic-field'

/** A COMBO_BOX field (spec §2): a list to search as one types, which can be cleared. Loaded lazily. */
export default function ComboBoxField(props: {
  common: FieldInputProps
  value: string
  options: { value: string; label: string }[]
  label: string
  onChange: (value: string) => void
}) {
  const { t } = useTranslation('checkout')
  return (
    <Select
      {...props.common}
      value={props.value || null}
      onChange={(v) => props.onChange(v ?? '')}
      data={props.options}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t('participants.clearChoice', { field: props.label }) }}
      nothingFoundMessage={t('participants.nothingFound')}
      comboboxProps={{ withinPortal: true }}
    />
  )
}
