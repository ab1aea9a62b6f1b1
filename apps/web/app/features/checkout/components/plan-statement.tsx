import { Group } from '@mantine/core'
import type { OrderPlan, OrderView } from '@palco/domain/checkout/contract'
import { formatMoney } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { lineStates, type PlanPhase } from '../model/installment-plan'
import { InstallmentSchedule } from './installment-schedule'
import { Fact } from './payment-facts'

/**
 * A bought plan's payments, each with where it stands, and what is paid and still owed: what the fan reads on
 * their plan's page and the counter reads before taking a payment (issue 16).
 */
export function PlanStatement(props: {
  order: Pick<OrderView, 'total' | 'paid' | 'outstanding' | 'currency' | 'payments' | 'plan' | 'event'>
  plan: OrderPlan
  phase: PlanPhase
  locale: Locale
}) {
  const { t } = useTranslation('checkout')
  const { order, plan, phase, locale } = props
  const states = lineStates({ ...order, plan })
  const money = (amount: number) => formatMoney({ amount, currency: order.currency }, locale)
  return (
    <InstallmentSchedule
      rows={plan.lines.map((line, i) => ({
        seq: line.seq,
        dueAt: line.dueAt,
        amount: line.amount,
        ...(phase === 'CANCELLED' ? {} : { state: states[i] ?? 'PENDING' }),
      }))}
      total={order.total}
      currency={order.currency}
      locale={locale}
      timeZone={order.event.timeZone}
    >
      {/* A cancelled plan's figures were settled by the cancellation (its mail says how). */}
      {phase !== 'CANCELLED' && (
        <Group component="dl" gap="xl" wrap="wrap" m={0}>
          <Fact label={t('paguitos.paid')} value={money(order.paid)} testId="paguitos-paid-amount" />
          <Fact
            label={t('paguitos.outstanding')}
            value={money(order.outstanding)}
            testId="paguitos-outstanding"
          />
        </Group>
      )}
    </InstallmentSchedule>
  )
}
