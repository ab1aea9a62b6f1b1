import { Text } from '@mantine/core'
import type { OrderPlan } from '@palco/domain/checkout/contract'
import { formatDate, formatMoney } from '@palco/domain/format/format'
import { GRACE_DAYS } from '@palco/domain/installments/standing'
import type { Currency, Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { cardBrandName } from '../../../lib/card-brand'
import type { PlanPhase } from '../model/installment-plan'
import { usePlanLineName } from './installment-schedule'
import { PlanNotice } from './plan-notice'

const DAY_MS = 86_400_000

/**
 * The fan's next payment of an open plan: when it is due (and whether the saved card pays it), or, overdue,
 * by when it must be paid before the plan is cancelled.
 */
export function PlanDueNotice(props: {
  plan: OrderPlan
  phase: PlanPhase
  currency: Currency
  locale: Locale
  timeZone: string
}) {
  const { t } = useTranslation('checkout')
  const nameOf = usePlanLineName()
  const { plan, phase, locale, timeZone: tz } = props
  const next = plan.next
  if (!next) return null
  const money = (amount: number) => formatMoney({ amount, currency: props.currency }, locale)
  if (phase === 'OVERDUE')
    return (
      <PlanNotice color="red" title={t('paguitos.overdueTitle')} testId="paguitos-overdue" role="alert">
        <Text size="sm">
          {t('paguitos.overdueBody', {
            payment: nameOf(next.seq, plan.lines.length - 1),
            amount: money(next.amount),
            date: formatDate(next.dueAt, locale, tz),
            deadline: formatDate(Date.parse(next.dueAt) + GRACE_DAYS * DAY_MS, locale, tz),
          })}
        </Text>
      </PlanNotice>
    )
  if (phase !== 'OPEN') return null
  return (
    <PlanNotice
      color="blue"
      title={t('paguitos.nextDue', { amount: money(next.amount), date: formatDate(next.dueAt, locale, tz) })}
      testId="paguitos-open"
    >
      <Text size="sm">{t('paguitos.openBody')}</Text>
      {plan.autoCharge && (
        <Text size="sm" data-testid="paguitos-auto-charge">
          {t('paguitos.autoCharge', {
            brand: cardBrandName(plan.autoCharge.brand),
            last4: plan.autoCharge.last4,
          })}
        </Text>
      )}
    </PlanNotice>
  )
}
