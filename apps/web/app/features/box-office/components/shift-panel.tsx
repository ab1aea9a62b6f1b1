import { Button, Group, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core'
import type { ShiftView } from '@palco/domain/box-office/contract'
import { formatMoney, formatTime } from '@palco/domain/format/format'
import type { Currency, Locale } from '@palco/domain/locale/country'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { type ApiError, asApiError } from '../../../lib/api-client'
import { closeShift, openShift } from '../api/box-office'
import { minorOf, numberSeparatorsOf } from '../model/money-input'
import { shiftCashOf } from '../model/shift-cash'

/**
 * One amount of cash counted into or out of the drawer, sent to the shift (opening it with its float,
 * closing it by the blind count): the form both ends of a shift share.
 */
function DrawerAmountForm(props: {
  currency: Currency
  locale: Locale
  title: string
  body: string
  label: string
  description?: string
  missingText: string
  submitLabel: string
  danger?: boolean
  testId: string
  send: (amount: number) => Promise<ShiftView>
  onDone: (shift: ShiftView) => void
}) {
  const titleId = useId()
  const [value, setValue] = useState<string | number>('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const [missing, setMissing] = useState(false)

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const amount = minorOf(value, props.currency)
    setMissing(amount === null)
    if (amount === null) return
    setBusy(true)
    setError(null)
    try {
      props.onDone(await props.send(amount))
    } catch (err) {
      setError(asApiError(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h3" id={titleId}>
            {props.title}
          </Title>
          <Text>{props.body}</Text>
          <Group align="flex-end" wrap="wrap">
            <NumberInput
              value={value}
              onChange={setValue}
              label={props.label}
              description={props.description}
              min={0}
              decimalScale={2}
              {...numberSeparatorsOf(props.locale)}
              required
              error={missing ? props.missingText : undefined}
              w={280}
              maw="100%"
              data-testid={props.testId}
            />
            <Button
              type="submit"
              loading={busy}
              {...(props.danger ? { color: 'red', variant: 'light' } : {})}
            >
              {props.submitLabel}
            </Button>
          </Group>
          <ApiErrorAlert error={error} />
        </Stack>
      </form>
    </Paper>
  )
}

/** Opens a shift with the float counted into the drawer (issue 15 part 5). */
export function OpenShiftForm(props: {
  currency: Currency
  locale: Locale
  onOpened: (shift: ShiftView) => void
}) {
  const { t } = useTranslation('boxoffice')
  return (
    <DrawerAmountForm
      currency={props.currency}
      locale={props.locale}
      title={t('shift.openTitle')}
      body={t('shift.openBody')}
      label={t('shift.float')}
      description={t('shift.floatHint', { currency: props.currency })}
      missingText={t('shift.floatRequired')}
      submitLabel={t('shift.open')}
      testId="opening-float"
      send={openShift}
      onDone={props.onOpened}
    />
  )
}

/** The running totals of a shift (the X report): by tender and by event, never the expected cash while open. */
export function ShiftReport(props: { shift: ShiftView; locale: Locale }) {
  const { t } = useTranslation('boxoffice')
  const { shift, locale } = props
  const money = (amount: number) => formatMoney({ amount, currency: shift.currency }, locale)
  const cash = shiftCashOf(shift.totals)
  const titleId = useId()
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="lg"
      aria-labelledby={titleId}
      data-testid="shift-report"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id={titleId}>
          {shift.closedAt
            ? t('shift.closedTitle')
            : t('shift.openSince', { time: formatTime(shift.openedAt, locale) })}
        </Title>
        <Table>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">{t('shift.float')}</Table.Th>
              <Table.Td ta="end">{money(shift.openingFloat)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('shift.sales')}</Table.Th>
              <Table.Td ta="end" data-testid="shift-sales">
                {shift.totals.sales}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('shift.voids')}</Table.Th>
              <Table.Td ta="end">{shift.totals.voids}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('shift.cashReceived')}</Table.Th>
              <Table.Td ta="end" data-testid="shift-cash-received">
                {money(cash.received)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('shift.change')}</Table.Th>
              <Table.Td ta="end" data-testid="shift-change">
                {money(cash.change)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('shift.cash')}</Table.Th>
              <Table.Td ta="end" fw={700} data-testid="shift-cash">
                {money(cash.net)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('shift.terminal')}</Table.Th>
              <Table.Td ta="end">{money(shift.totals.terminal)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {shift.totals.byEvent.length > 0 && (
          <Table>
            <Table.Caption>{t('shift.byEvent')}</Table.Caption>
            <Table.Tbody>
              {shift.totals.byEvent.map((e) => (
                <Table.Tr key={e.eventId}>
                  <Table.Th scope="row">{e.eventName}</Table.Th>
                  <Table.Td>{t('shift.eventSales', { count: e.sales })}</Table.Td>
                  <Table.Td ta="end">{money(e.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {shift.closedAt && shift.expectedCash !== null && shift.countedCash !== null && (
          <Table data-testid="shift-close-result">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">{t('shift.expected')}</Table.Th>
                <Table.Td ta="end">{money(shift.expectedCash)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('shift.counted')}</Table.Th>
                <Table.Td ta="end">{money(shift.countedCash)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('shift.difference')}</Table.Th>
                <Table.Td ta="end" fw={700} data-testid="shift-difference">
                  {money(shift.difference ?? 0)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  )
}

/**
 * Closes the shift by a blind count: the operator types what the drawer holds, and only then sees what it
 * should have held and the difference (issue 15 part 5).
 */
export function CloseShiftForm(props: {
  currency: Currency
  locale: Locale
  onClosed: (shift: ShiftView) => void
}) {
  const { t } = useTranslation('boxoffice')
  return (
    <DrawerAmountForm
      currency={props.currency}
      locale={props.locale}
      title={t('shift.closeTitle')}
      body={t('shift.closeBody')}
      label={t('shift.countedLabel')}
      missingText={t('shift.countedRequired')}
      submitLabel={t('shift.close')}
      danger
      testId="counted-cash"
      send={closeShift}
      onDone={props.onClosed}
    />
  )
}
