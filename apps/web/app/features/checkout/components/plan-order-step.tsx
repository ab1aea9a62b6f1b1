import { Button, Stack, Text } from '@mantine/core'
import type { OrderPlan, OrderView } from '@palco/domain/checkout/contract'
import { formatDate, formatTime } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { wordingOf } from '../../../lib/actor'
import type { CheckoutActor } from '../model/checkout-actor'
import { type PlanPhase, planPhase } from '../model/installment-plan'
import { CheckoutStep } from './checkout-step'
import { OrderCode } from './order-code'
import { OrderSummary } from './order-summary'
import { PlanNotice } from './plan-notice'
import { PlanStatement } from './plan-statement'

/** A slot of the plan's page, drawn for where the plan stands. */
type PhaseSlot = (phase: PlanPhase) => ReactNode

/**
 * `installment?order=` (issue 16) for the fan and the counter: a bought plan, where each payment stands, and
 * its next payment made the actor's way (`children`: the fan's payment form, or the counter's tenders).
 * `news` comes before the plan's own (cancelled, paid): a payment received, one due or overdue — never beside
 * them, as a plan is in one phase at a time.
 */
export function PlanOrderStep(props: {
  actor: CheckoutActor
  order: OrderView
  plan: OrderPlan
  locale: Locale
  notice?: PhaseSlot
  news?: PhaseSlot
  children: PhaseSlot
}) {
  const { t } = useTranslation('checkout')
  const { actor, order, locale } = props
  const phase = planPhase({ status: order.status, plan: props.plan })
  const context = wordingOf(actor.actor)
  const title = t('paguitos.pageTitle', { code: order.code, context })
  return (
    <CheckoutStep
      title={title}
      tabTitle={t('paguitos.pageTab', { title, code: order.code, context })}
      back={{
        to: actor.planBack(order.id),
        label: t('paguitos.backToPurchase', { code: order.code, context }),
      }}
      lead={<PlanHeading order={order} locale={locale} own={actor.ownOrder} />}
      notice={props.notice?.(phase)}
      aside={<OrderSummary locale={locale} figures={order} actor={actor.actor} />}
    >
      <Stack gap="md">
        {props.news?.(phase)}
        {phase === 'CANCELLED' && (
          <PlanNotice color="red" title={t('paguitos.cancelledTitle')} testId="paguitos-cancelled">
            <Text size="sm">{t('paguitos.cancelledBody', { context })}</Text>
          </PlanNotice>
        )}
        {phase === 'PAID' && (
          <PlanNotice color="teal" title={t('paguitos.paidTitle')} testId="paguitos-paid" role="status">
            <Text size="sm">{t('paguitos.paidBody', { context })}</Text>
            {actor.ownOrder && (
              <Button component={Link} to="/my-tickets">
                {t('paguitos.toTickets')}
              </Button>
            )}
          </PlanNotice>
        )}
        <PlanStatement order={order} plan={props.plan} phase={phase} locale={locale} />
        {props.children(phase)}
      </Stack>
    </CheckoutStep>
  )
}

/** The plan's event under the heading; the fan's own order also its time and code (support asks for it). */
function PlanHeading(props: { order: OrderView; locale: Locale; own: boolean }) {
  const { order, locale, own } = props
  const tz = order.event.timeZone
  const when = own
    ? [formatDate(order.event.startsAt, locale, tz), formatTime(order.event.startsAt, locale, tz)]
    : [formatDate(order.event.startsAt, locale, tz)]
  return (
    <>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {order.event.name}
      </Text>
      <Text size="sm">{[...when, order.event.venueName].join(' · ')}</Text>
      {own && <OrderCode code={order.code} size="sm" />}
    </>
  )
}
