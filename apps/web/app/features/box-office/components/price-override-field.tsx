import { Checkbox, Group, NumberInput, Stack, TextInput } from '@mantine/core'
import { type PriceOverride, priceOverrideOk } from '@palco/domain/box-office/tenders'
import { formatMoney } from '@palco/domain/format/format'
import type { Currency, Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { minorOf, numberSeparatorsOf } from '../model/money-input'

/** What the operator has typed to lower the price, before it is checked. */
export interface PriceOverrideDraft {
  enabled: boolean
  total: string | number
  reason: string
}

export const NO_PRICE_OVERRIDE: PriceOverrideDraft = { enabled: false, total: '', reason: '' }

/**
 * The lowered price to sell at: none, the override (by the server's own bounds), or 'invalid' to say so.
 * An admin may lower further than an operator (`priceOverrideOk`).
 */
export function priceOverrideOf(
  draft: PriceOverrideDraft,
  listTotal: number,
  currency: Currency,
  byAdmin: boolean,
): PriceOverride | null | 'invalid' {
  if (!draft.enabled) return null
  const total = minorOf(draft.total, currency)
  const reason = draft.reason.trim()
  if (total === null || !priceOverrideOk(listTotal, total, byAdmin) || reason.length < 3) return 'invalid'
  return { total, reason }
}

/**
 * A price lowered at the counter (issue 15, price override): a new total below the listed one and why —
 * a seat with a poor view, a damaged one — kept in the audit log. The tenders then pay the new total.
 */
export function PriceOverrideField(props: {
  value: PriceOverrideDraft
  onChange: (value: PriceOverrideDraft) => void
  listTotal: number
  currency: Currency
  locale: Locale
  byAdmin: boolean
  showErrors: boolean
}) {
  const { t } = useTranslation(['boxoffice', 'errors'])
  const { value, onChange } = props
  const total = minorOf(value.total, props.currency)
  const badTotal =
    props.showErrors && (total === null || !priceOverrideOk(props.listTotal, total, props.byAdmin))
  const badReason = props.showErrors && value.reason.trim().length < 3
  return (
    <Stack gap="xs" data-testid="price-override">
      <Checkbox
        label={t('override.label')}
        checked={value.enabled}
        onChange={(e) => onChange({ ...value, enabled: e.currentTarget.checked })}
      />
      {value.enabled && (
        <Group grow wrap="wrap" align="flex-start">
          <NumberInput
            label={t('override.total')}
            description={t('override.listed', {
              amount: formatMoney({ amount: props.listTotal, currency: props.currency }, props.locale),
            })}
            value={value.total}
            onChange={(v) => onChange({ ...value, total: v })}
            min={0}
            decimalScale={2}
            {...numberSeparatorsOf(props.locale)}
            error={badTotal ? t('errors:codes.PRICE_OVERRIDE_INVALID') : undefined}
            miw={180}
          />
          <TextInput
            label={t('override.reason')}
            value={value.reason}
            onChange={(e) => onChange({ ...value, reason: e.currentTarget.value })}
            maxLength={200}
            error={badReason ? t('override.reasonRequired') : undefined}
            miw={180}
          />
        </Group>
      )}
    </Stack>
  )
}
