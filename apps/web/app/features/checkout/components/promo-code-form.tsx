import { Button, Group, Stack, Text, TextInput } from '@mantine/core'
import type { Cart } from '@palco/domain/checkout/contract'
import { formatMoney } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type ApiError, isApiError, NETWORK_ERROR_CODE } from '../../../lib/api-client'
import { applyPromo } from '../api/apply-promo'
import { removePromo } from '../api/remove-promo'

/**
 * The promo code field (discount type PROMO_CODE, spec §3): apply one code, or remove the applied one.
 * The server prices the cart again and answers the new cart; a refusal shows its translated reason on
 * the field (PROMO_CODE_INVALID, PROMO_CODE_EXHAUSTED, HOLD_EXPIRED…).
 */
export function PromoCodeForm(props: {
  cart: Cart
  locale: Locale
  disabled?: boolean
  onCart: (cart: Cart) => void
}) {
  const { t, i18n } = useTranslation(['checkout', 'errors'])
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const { cart } = props

  const errorText = (e: ApiError) => {
    const key = `errors:codes.${e.code}`
    return i18n.exists(key) ? t(key) : t('errors:codes.UnknownException')
  }

  const run = async (work: () => Promise<Cart>) => {
    setBusy(true)
    setError(null)
    try {
      props.onCart(await work())
      setCode('')
    } catch (e) {
      setError(isApiError(e) ? e : ({ code: NETWORK_ERROR_CODE } as ApiError))
    } finally {
      setBusy(false)
    }
  }

  if (cart.promoCode) {
    return (
      <Group justify="space-between" gap="sm" wrap="wrap" data-testid="promo-applied">
        <Text size="sm" role="status">
          {t('promo.applied', {
            code: cart.promoCode.code,
            amount: formatMoney({ amount: cart.promoCode.discount, currency: cart.currency }, props.locale),
          })}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          loading={busy}
          disabled={props.disabled}
          onClick={() => run(() => removePromo(cart.reservationId))}
        >
          {t('promo.remove')}
        </Button>
      </Group>
    )
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (!code.trim()) return
        void run(() => applyPromo(cart.reservationId, code.trim()))
      }}
    >
      <Stack gap={4}>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label={t('promo.label')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
            error={error ? errorText(error) : undefined}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={40}
            disabled={props.disabled}
            style={{ flex: 1, minWidth: 0 }}
            data-testid="promo-input"
          />
          <Button
            type="submit"
            variant="default"
            mt={25}
            loading={busy}
            disabled={props.disabled || !code.trim()}
          >
            {t('promo.apply')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
