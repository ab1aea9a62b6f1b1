import {
  Alert,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core'
import { formatDate, formatMoney } from '@palco/domain/format/format'
import type { InstallmentPlanRow } from '@palco/domain/installments/contract'
import { type InstallmentPlan, scheduleOf } from '@palco/domain/installments/schedule'
import type { Locale } from '@palco/domain/locale/country'
import { type FormEvent, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { TitledSection } from '../../../components/ui/titled-section'
import { type ApiError, asApiError } from '../../../lib/api-client'
import { removePlan, savePlan } from '../api/plans'

/** What the form edits: the plan with its money in major units, as an admin types it. */
interface Draft {
  kind: InstallmentPlan['kind']
  depositKind: 'PERCENT' | 'FIXED'
  /** A percentage (1–90), or an amount in pesos. */
  depositValue: number
  payments: number
  spacingDays: number
  lastDueDaysBeforeEvent: number
  minPayment: number
}

const CENTS = 100

const NEW_PLAN: Draft = {
  kind: 'PAYMENT',
  depositKind: 'PERCENT',
  depositValue: 25,
  payments: 2,
  spacingDays: 10,
  lastDueDaysBeforeEvent: 7,
  minPayment: 0,
}

function draftOf(plan: InstallmentPlan | null): Draft {
  if (!plan) return NEW_PLAN
  const deposit = plan.deposit ?? { kind: 'PERCENT' as const, bps: 2_500 }
  return {
    kind: plan.kind,
    depositKind: deposit.kind,
    depositValue: deposit.kind === 'PERCENT' ? deposit.bps / 100 : deposit.amount / CENTS,
    payments: plan.payments,
    spacingDays: plan.spacingDays,
    lastDueDaysBeforeEvent: plan.lastDueDaysBeforeEvent,
    minPayment: plan.minPayment / CENTS,
  }
}

function planOf(d: Draft): InstallmentPlan {
  const deposit =
    d.depositKind === 'PERCENT'
      ? { kind: 'PERCENT' as const, bps: Math.round(d.depositValue * 100) }
      : { kind: 'FIXED' as const, amount: Math.round(d.depositValue * CENTS) }
  const cadence = {
    payments: d.payments,
    spacingDays: d.spacingDays,
    lastDueDaysBeforeEvent: d.lastDueDaysBeforeEvent,
    minPayment: Math.round(d.minPayment * CENTS),
  }
  return d.kind === 'PAYMENT'
    ? { kind: 'PAYMENT', deposit, ...cadence }
    : { kind: 'SUBSCRIPTION', ...cadence }
}

/**
 * The back office's paguitos plans (issue 16 part 1): pick one of the site's upcoming events, set how it is
 * paid in installments, and see at once what that comes to for its cheapest place bought today — the same
 * rule the checkout applies (`scheduleOf`).
 */
export function PlansManager(props: { events: InstallmentPlanRow[]; locale: Locale }) {
  const { t } = useTranslation('boxoffice')
  const [events, setEvents] = useState(props.events)
  const [eventId, setEventId] = useState(props.events[0]?.eventId ?? '')
  const event = events.find((e) => e.eventId === eventId)
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.events[0]?.plan ?? null))
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const [done, setDone] = useState<'saved' | 'removed' | null>(null)
  const plan = useMemo(() => planOf(draft), [draft])
  const preview = useMemo(
    () =>
      event?.lowestPrice
        ? scheduleOf(
            { amount: event.lowestPrice, currency: event.currency },
            plan,
            new Date(),
            new Date(event.startsAt),
          )
        : null,
    [event, plan],
  )

  if (!event) return <Text>{t('backoffice.paguitos.noEvents')}</Text>
  const money = (amount: number) => formatMoney({ amount, currency: event.currency }, props.locale)
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) => {
      setDone(null)
      setDraft((d) => ({ ...d, [key]: value }))
    }
  const number = (key: keyof Draft) => (value: string | number) => set(key)(Number(value) || 0)

  const choose = (id: string) => {
    setEventId(id)
    setDraft(draftOf(events.find((e) => e.eventId === id)?.plan ?? null))
    setError(null)
    setDone(null)
  }
  const run = async (act: () => Promise<InstallmentPlanRow>, outcome: 'saved' | 'removed') => {
    setBusy(true)
    setError(null)
    try {
      const row = await act()
      setEvents((list) => list.map((e) => (e.eventId === row.eventId ? row : e)))
      setDone(outcome)
    } catch (err) {
      setError(asApiError(err))
    } finally {
      setBusy(false)
    }
  }
  const save = (e: FormEvent) => {
    e.preventDefault()
    void run(() => savePlan(event.eventId, plan), 'saved')
  }
  const remove = () =>
    run(async () => {
      await removePlan(event.eventId)
      return { ...event, plan: null, example: null }
    }, 'removed')

  return (
    <Stack gap="md">
      <NativeSelect
        label={t('backoffice.paguitos.event')}
        value={eventId}
        onChange={(e) => choose(e.currentTarget.value)}
        data={events.map((e) => ({
          value: e.eventId,
          label: `${e.name} · ${formatDate(e.startsAt, props.locale)}${e.plan ? ` · ${t('backoffice.paguitos.hasPlan')}` : ''}`,
        }))}
        data-testid="paguitos-event"
      />
      <TitledSection
        title={event.plan ? t('backoffice.paguitos.editTitle') : t('backoffice.paguitos.newTitle')}
        titleSize="h4"
      >
        <form onSubmit={save} noValidate data-testid="paguitos-plan">
          <Stack gap="sm">
            <Radio.Group
              value={draft.kind}
              onChange={(v) => set('kind')(v as Draft['kind'])}
              label={t('backoffice.paguitos.kind')}
            >
              <Stack gap={6} mt={6}>
                <Radio value="PAYMENT" label={t('backoffice.paguitos.kindPayment')} />
                <Radio value="SUBSCRIPTION" label={t('backoffice.paguitos.kindSubscription')} />
              </Stack>
            </Radio.Group>
            {draft.kind === 'PAYMENT' && (
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <NativeSelect
                  label={t('backoffice.paguitos.depositKind')}
                  value={draft.depositKind}
                  onChange={(e) => set('depositKind')(e.currentTarget.value as Draft['depositKind'])}
                  data={[
                    { value: 'PERCENT', label: t('backoffice.paguitos.depositPercent') },
                    { value: 'FIXED', label: t('backoffice.paguitos.depositFixed') },
                  ]}
                />
                <NumberInput
                  label={t('backoffice.paguitos.depositValue')}
                  value={draft.depositValue}
                  onChange={number('depositValue')}
                  min={1}
                  max={draft.depositKind === 'PERCENT' ? 90 : undefined}
                  thousandSeparator={props.locale === 'es-CO' ? '.' : ','}
                  decimalSeparator={props.locale === 'es-CO' ? ',' : '.'}
                />
              </SimpleGrid>
            )}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <NumberInput
                label={t('backoffice.paguitos.payments')}
                value={draft.payments}
                onChange={number('payments')}
                min={1}
                max={24}
                allowDecimal={false}
              />
              <NumberInput
                label={t('backoffice.paguitos.spacingDays')}
                value={draft.spacingDays}
                onChange={number('spacingDays')}
                min={7}
                max={62}
                allowDecimal={false}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <NumberInput
                label={t('backoffice.paguitos.lastDue')}
                value={draft.lastDueDaysBeforeEvent}
                onChange={number('lastDueDaysBeforeEvent')}
                min={0}
                max={365}
                allowDecimal={false}
              />
              <NumberInput
                label={t('backoffice.paguitos.minPayment')}
                value={draft.minPayment}
                onChange={number('minPayment')}
                min={0}
                thousandSeparator={props.locale === 'es-CO' ? '.' : ','}
                decimalSeparator={props.locale === 'es-CO' ? ',' : '.'}
              />
            </SimpleGrid>
            <Stack gap={4} data-testid="paguitos-preview" aria-live="polite">
              <Text fw={700} size="sm">
                {event.lowestPrice
                  ? t('backoffice.paguitos.previewFor', { price: money(event.lowestPrice) })
                  : t('backoffice.paguitos.noPrice')}
              </Text>
              {event.lowestPrice !== null && !preview && (
                <Text size="sm" c="red.9">
                  {t('backoffice.paguitos.notOffered')}
                </Text>
              )}
              {preview && (
                <Text size="sm" component="div">
                  <ul style={{ margin: 0, paddingInlineStart: '1.2em' }}>
                    <li>{t('backoffice.paguitos.previewNow', { amount: money(preview.deposit) })}</li>
                    {preview.payments.map((p) => (
                      <li key={p.seq}>
                        {t('backoffice.paguitos.previewPayment', {
                          date: formatDate(p.dueAt, props.locale),
                          amount: money(p.amount),
                        })}
                      </li>
                    ))}
                  </ul>
                </Text>
              )}
            </Stack>
            {error?.code === 'RULE_BROKEN' ? (
              <Alert color="red" variant="light">
                {t('backoffice.paguitos.doesNotFit')}
              </Alert>
            ) : (
              <ApiErrorAlert error={error} />
            )}
            {done && (
              <Alert color="teal" variant="light" data-testid="paguitos-done">
                {t(`backoffice.paguitos.${done}`)}
              </Alert>
            )}
            <Group gap="sm">
              <Button type="submit" loading={busy}>
                {t('backoffice.paguitos.save')}
              </Button>
              {event.plan && (
                <Button variant="light" color="red" onClick={remove} disabled={busy}>
                  {t('backoffice.paguitos.remove')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </TitledSection>
    </Stack>
  )
}
