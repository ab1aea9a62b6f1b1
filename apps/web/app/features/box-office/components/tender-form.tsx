import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import type { CourtesyQuota, CourtesyReasonList } from '@palco/domain/box-office/contract'
import { type CounterTenderEntry, settleTenders } from '@palco/domain/box-office/tenders'
import { formatMoney } from '@palco/domain/format/format'
import type { Currency, Locale } from '@palco/domain/locale/country'
import { isCounterPlanTender } from '@palco/domain/plans/deposit-methods'
import { type FormEvent, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { minorOf, numberSeparatorsOf } from '../model/money-input'

/** A tender that is money: cash or the card terminal. */
export type MoneyTender = Exclude<CounterTenderEntry, { kind: 'COURTESY' }>

/** The tenders of a form that offered no courtesy, as collecting a reservation takes them. */
export const moneyTendersOf = (tenders: readonly CounterTenderEntry[]) =>
  tenders.filter((x): x is MoneyTender => x.kind !== 'COURTESY')

/** The tenders that pay a paguitos plan at the counter, by the domain's rule (cash and the terminal). */
export const planTendersOf = (tenders: readonly CounterTenderEntry[]) =>
  tenders.filter((x): x is MoneyTender => isCounterPlanTender(x.kind))

/**
 * How the buyer pays at the counter (issue 15 part 3): cash handed over, optionally with part on the card
 * terminal and its authorization. The change (or what is still missing) is worked out as the operator types,
 * by the same rule the server applies (`settleTenders`), so what the screen says is what the sale records.
 */
export function TenderForm(props: {
  total: number
  currency: Currency
  locale: Locale
  busy: boolean
  disabled: boolean
  /**
   * The reasons a courtesy may be given for, and what is left of the event's quota (issue 15); none when
   * the buyer pays for certain (collecting a reservation), and the form only takes money.
   */
  courtesy?: { reasons: CourtesyReasonList['reasons']; quota: CourtesyQuota | null; places: number }
  onSubmit: (tenders: CounterTenderEntry[]) => void
}) {
  const { t } = useTranslation('boxoffice')
  const { total, currency, locale } = props
  const [mode, setMode] = useState<'pay' | 'courtesy'>('pay')
  const [reason, setReason] = useState('')
  const [cash, setCash] = useState<string | number>('')
  const [useTerminal, setUseTerminal] = useState(false)
  const [terminalAmount, setTerminalAmount] = useState<string | number>('')
  const [reference, setReference] = useState('')
  const [tried, setTried] = useState(false)
  const money = (amount: number) => formatMoney({ amount, currency }, locale)
  const separators = numberSeparatorsOf(locale)

  const tenders = useMemo<CounterTenderEntry[]>(() => {
    if (mode === 'courtesy') return [{ kind: 'COURTESY', reason }]
    const list: CounterTenderEntry[] = []
    const onTerminal = useTerminal ? minorOf(terminalAmount, currency) : null
    if (onTerminal) list.push({ kind: 'TPV', amount: onTerminal, reference })
    list.push({ kind: 'CASH', tendered: minorOf(cash, currency) ?? 0 })
    return list
  }, [mode, reason, cash, useTerminal, terminalAmount, reference, currency])
  const settled = settleTenders(total, tenders)
  const cashDue = total - tenders.reduce((s, x) => s + (x.kind === 'TPV' ? x.amount : 0), 0)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setTried(true)
    if (settled.ok) props.onSubmit(tenders)
  }

  const { courtesy } = props
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {courtesy && (
          <Radio.Group
            value={mode}
            onChange={(v) => setMode(v as 'pay' | 'courtesy')}
            label={t('tender.modeLabel')}
          >
            <Group gap="md" mt={4}>
              <Radio value="pay" label={t('tender.pay')} />
              <Radio value="courtesy" label={t('tender.courtesy')} />
            </Group>
          </Radio.Group>
        )}
        {courtesy && mode === 'courtesy' ? (
          <Stack gap="xs">
            <NativeSelect
              label={t('tender.reason')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              data={[
                { value: '', label: t('tender.reasonPick') },
                ...courtesy.reasons.map((r) => ({ value: r.code, label: r.name })),
              ]}
              error={tried && !settled.ok ? t('errors:codes.COURTESY_REASON_REQUIRED') : undefined}
              data-testid="courtesy-reason"
            />
            <Text size="sm" c="dimmed" data-testid="courtesy-left">
              {t('tender.quotaLeft', { count: courtesy.quota?.left ?? 0 })}
            </Text>
          </Stack>
        ) : (
          <>
            <Checkbox
              label={t('tender.useTerminal')}
              checked={useTerminal}
              onChange={(e) => setUseTerminal(e.currentTarget.checked)}
            />
            {useTerminal && (
              <Group grow wrap="wrap" align="flex-start">
                <NumberInput
                  label={t('tender.terminalAmount')}
                  value={terminalAmount}
                  onChange={setTerminalAmount}
                  min={0}
                  decimalScale={2}
                  {...separators}
                  miw={180}
                />
                <TextInput
                  label={t('tender.reference')}
                  description={t('tender.referenceHint')}
                  value={reference}
                  onChange={(e) => setReference(e.currentTarget.value)}
                  maxLength={40}
                  autoComplete="off"
                  error={
                    tried && !settled.ok && settled.code === 'TENDER_REFERENCE_REQUIRED'
                      ? t('errors:codes.TENDER_REFERENCE_REQUIRED')
                      : undefined
                  }
                  miw={180}
                  data-testid="terminal-reference"
                />
              </Group>
            )}
            <NumberInput
              label={t('tender.cashReceived')}
              description={t('tender.cashDue', { amount: money(Math.max(cashDue, 0)) })}
              value={cash}
              onChange={setCash}
              min={0}
              decimalScale={2}
              {...separators}
              data-testid="cash-received"
            />
          </>
        )}
        {mode === 'pay' && (
          <Paper withBorder p="sm" radius="md" aria-live="polite" data-testid="tender-summary">
            {settled.ok ? (
              <Text fw={700} data-testid="change-due">
                {t('tender.change', { amount: money(settled.change) })}
              </Text>
            ) : settled.code === 'TENDER_BELOW_DUE' ? (
              <Text c={tried ? 'red' : undefined}>
                {cashDue < 0
                  ? t('tender.terminalOver')
                  : t('tender.missing', {
                      amount: money(cashDue - (tenders.find((x) => x.kind === 'CASH')?.tendered ?? 0)),
                    })}
              </Text>
            ) : (
              <Text c={tried ? 'red' : undefined}>{t('errors:codes.TENDER_REFERENCE_REQUIRED')}</Text>
            )}
          </Paper>
        )}
        {tried && !settled.ok && (
          <Alert color="red" variant="light" role="alert">
            {t(`errors:codes.${settled.code}`)}
          </Alert>
        )}
        <Button type="submit" size="md" loading={props.busy} disabled={props.disabled} data-testid="charge">
          {mode === 'courtesy'
            ? t('tender.give', { count: courtesy?.places ?? 0 })
            : t('tender.charge', { amount: money(total) })}
        </Button>
      </Stack>
    </form>
  )
}
