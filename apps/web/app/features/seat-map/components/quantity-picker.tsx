import { Button, Group, NumberInput } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MutedText } from '../../../components/ui/muted-text'

export interface QuantityPickerProps {
  /** Most the fan may take: the free places, capped by the per-purchase maximum. */
  max: number
  label: string
  submitLabel: string
  onSubmit: (quantity: number) => void
  hint?: string | undefined
}

/** How many places in an unnumbered zone, parking or tribune. */
export function QuantityPicker({ max, label, submitLabel, onSubmit, hint }: QuantityPickerProps) {
  const { t } = useTranslation('seatmap')
  const [value, setValue] = useState<number>(Math.min(1, max))
  const soldOut = max < 1
  const valid = Number.isInteger(value) && value >= 1 && value <= max
  return (
    <Group align="flex-end" gap="sm">
      <NumberInput
        label={label}
        description={hint}
        min={soldOut ? 0 : 1}
        max={Math.max(max, 0)}
        step={1}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="strict"
        value={value}
        onChange={(v) => setValue(typeof v === 'number' ? v : Number.parseInt(v, 10) || 0)}
        disabled={soldOut}
        w={160}
      />
      <Button onClick={() => valid && onSubmit(value)} disabled={soldOut || !valid}>
        {submitLabel}
      </Button>
      {soldOut && <MutedText>{t('details.soldOut')}</MutedText>}
    </Group>
  )
}
