import { Paper, Stack } from '@mantine/core'
import type { Cart } from '@palco/domain/checkout/contract'
import type { Locale } from '@palco/domain/locale/country'
import { memo, type ReactNode } from 'react'
import { HoldCountdown } from '../../../components/ui/hold-countdown'
import type { Actor } from '../../../lib/actor'
import { OrderSummary } from './order-summary'

/**
 * The column beside a checkout step: the hold's countdown, what is being bought, and anything the step adds
 * under them. Memoised: on a step the fan types into (the participants' forms), a keystroke does not draw
 * the summary again.
 */
export const HoldAside = memo(function HoldAside(props: {
  cart: Cart
  locale: Locale
  onExpired: () => void
  /** The operator at the counter, or the fan (the default): the same column, worded for who reads it. */
  actor?: Actor
  children?: ReactNode
}) {
  const { cart } = props
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" data-testid="hold-timer">
        <HoldCountdown expiresAt={cart.expiresAt} onExpired={props.onExpired} actor={props.actor} />
      </Paper>
      <OrderSummary
        locale={props.locale}
        actor={props.actor}
        figures={{ ...cart, promoCode: cart.promoCode?.code ?? null }}
      />
      {props.children}
    </Stack>
  )
})
