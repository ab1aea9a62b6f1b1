import { Button, Stack, Text } from '@mantine/core'
import type { InstallmentQuote } from '@palco/domain/checkout/contract'
import type { Locale } from '@palco/domain/locale/country'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { wordingOf } from '../../../lib/actor'
import type { CheckoutActor, HoldRef } from '../model/checkout-actor'
import { HoldStep, type StepHold } from './hold-step'
import { InstallmentSchedule } from './installment-schedule'
import { PlanNotice } from './plan-notice'

export type PlanSchedule = NonNullable<InstallmentQuote['schedule']>

/**
 * `installment?reservation=` (issue 16) for the fan and the counter: the hold bought on its event's paguitos
 * plan — the schedule, then its deposit paid the actor's way (the `deposit` slot: the fan's payment form, or
 * the counter's buyer and tenders). A hold the plan does not fit leads back to paying in full.
 */
export function PlanQuoteStep(props: {
  actor: CheckoutActor
  hold: HoldRef & { cart: StepHold['cart'] | null; errorCode: string | null | undefined }
  quote: InstallmentQuote | null
  locale: Locale
  notice?: ReactNode
  deposit: (step: StepHold & { schedule: PlanSchedule }) => ReactNode
  aside?: (step: StepHold & { schedule: PlanSchedule | null }) => ReactNode
}) {
  const { t } = useTranslation('checkout')
  const { actor, hold, quote, locale } = props
  const schedule = quote?.schedule ?? null
  const context = wordingOf(actor.actor)
  const { aside } = props
  return (
    <HoldStep
      actor={actor}
      step="installment"
      hold={hold}
      locale={locale}
      lead={schedule && <Text>{t('paguitos.lead', { count: schedule.payments.length, context })}</Text>}
      notice={props.notice}
      aside={aside && ((step) => aside({ ...step, schedule }))}
    >
      {(step) =>
        !schedule ? (
          <PlanNotice color="orange" title={t('paguitos.notOfferedTitle')} testId="paguitos-not-offered">
            <Text size="sm">{t('paguitos.notOfferedBody', { context })}</Text>
            <Button component={Link} to={actor.buyPage(hold)}>
              {t('paguitos.payInFull', { context })}
            </Button>
          </PlanNotice>
        ) : (
          <Stack gap="md">
            <InstallmentSchedule
              rows={[
                { seq: 0, dueAt: null, amount: schedule.deposit },
                ...schedule.payments.map((p) => ({ seq: p.seq, dueAt: p.dueAt, amount: p.amount })),
              ]}
              total={quote?.total ?? step.cart.total}
              currency={step.cart.currency}
              locale={locale}
              timeZone={step.cart.event.timeZone}
            />
            {props.deposit({ ...step, schedule })}
          </Stack>
        )
      }
    </HoldStep>
  )
}
