import type { Cart } from '@palco/domain/checkout/contract'
import type { Locale } from '@palco/domain/locale/country'
import { type ReactNode, useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { wordingOf } from '../../../lib/actor'
import type { CheckoutActor, HoldRef } from '../model/checkout-actor'
import { CheckoutStep } from './checkout-step'
import { HoldAside } from './hold-aside'
import { HoldExpiredNotice } from './hold-expired-notice'
import { NoCartPage } from './no-cart-page'

/** Each buying step's heading and way back, worded for its actor. */
const STEP_TEXTS = {
  buy: { title: 'buy.title', back: 'buy.back' },
  installment: { title: 'paguitos.title', back: 'paguitos.back' },
} as const

/** What a step's own parts know of its hold: the cart, and whether its time ran out. */
export interface StepHold {
  cart: Cart
  expired: boolean
  onExpired: () => void
}

/**
 * A step that pays for a hold (`buy`, `installment?reservation=`), for the fan online and the operator at the
 * counter: the page without a payable hold, else the step's frame beside the hold's column (its countdown and
 * summary, worded for the actor). The step's own parts come as slots: the form that pays, and what the column
 * adds under the summary.
 */
export function HoldStep(props: {
  actor: CheckoutActor
  step: keyof typeof STEP_TEXTS
  hold: HoldRef & { cart: Cart | null; errorCode: string | null | undefined }
  locale: Locale
  lead?: ReactNode
  notice?: ReactNode
  aside?: (hold: StepHold) => ReactNode
  children: (hold: StepHold) => ReactNode
}) {
  const { t } = useTranslation('checkout')
  const { actor, hold } = props
  const [expired, setExpired] = useState(hold.errorCode === 'HOLD_EXPIRED')
  const onExpired = useCallback(() => setExpired(true), [])
  const texts = STEP_TEXTS[props.step]
  const context = wordingOf(actor.actor)
  const title = t(texts.title, { context })
  const { cart } = hold
  if (!cart)
    return (
      <NoCartPage
        title={title}
        eventSlug={hold.eventSlug}
        expired={expired}
        errorCode={hold.errorCode}
        actor={actor}
      />
    )
  const step: StepHold = { cart, expired, onExpired }
  return (
    <CheckoutStep
      title={title}
      back={{ to: actor.backFrom[props.step](hold), label: t(texts.back, { context }) }}
      lead={props.lead}
      notice={props.notice}
      asideFirst
      aside={
        <HoldAside cart={cart} locale={props.locale} onExpired={onExpired} actor={actor.actor}>
          {props.aside?.(step)}
        </HoldAside>
      }
    >
      {expired && actor.holdEndsStep ? (
        <HoldExpiredNotice eventSlug={hold.eventSlug} />
      ) : (
        props.children(step)
      )}
    </CheckoutStep>
  )
}
