import { Button, Group, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core'
import type { ShiftView } from '@palco/domain/box-office/contract'
import { formatMoney, formatTime } from '@palco/domain/format/format'
import type { Currency, Locale } from '@palco/domain/locale/country'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { ApiError, isApiError } from '../../../lib/api-client'
import { closeShift, openShift } from '../api/box-office'
import { minorOf, numberSeparatorsOf } from '../model/money-input'

const asApiError = (e: unknown) => (isApiError(e) ? e : new ApiError('UnknownException', 0))

/** Opens a shift with the float counted into the drawer (issue 15 part 5). */
export function OpenShiftForm(props: {
  currency: Currency
  locale: Locale
  onOpened: (shift: ShiftView) => void
}) {
  const { t } = useTranslation('boxoffice')
  const titleId = useId()
  const [value, setValue] = useState<string | number>('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const [missing, setMissing] = useState(false)

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const float = minorOf(value, props.currency)
    setMissing(float === null)
    if (float === null) return
    setBusy(true)
    setError(null)
    try {
      props.onOpened(await openShift(float))
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
            {t('shift.openTitle')}
          </Title>
          <Text>{t('shift.openBody')}</Text>
          <NumberInput
            value={value}
            onChange={setValue}
            label={t('shift.float')}
            description={t('shift.floatHint', { currency: props.currency })}
            min={0}
            decimalScale={2}
            {...numberSeparatorsOf(props.locale)}
            required
            error={missing ? t('shift.floatRequired') : undefined}
            w="100%"
            maw={320}
            data-testid="opening-float"
          />
          <ApiErrorAlert error={error} />
          <Button type="submit" loading={busy}>
            {t('shift.open')}
          </Button>
        </Stack>
      </form>
    </Paper>
  )
}

/** The running totals of a shift (the X report): by tender and by event, never the expected cash while open. */
export function ShiftReport(props: { shift: ShiftView; locale: Locale }) {
  const { t } = useTranslation('boxoffice')
  const { shift, locale } = props
  const money = (amount: number) => formatMoney({ amount, currency: shift.currency }, locale)
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
              <Table.Th scope="row">{t('shift.cash')}</Table.Th>
              <Table.Td ta="end" data-testid="shift-cash">
                {money(shift.totals.cash)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('shift.terminal')}</Table.Th>
              <Table.Td ta="end">{money(shift.totals.terminal)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('shift.change')}</Table.Th>
              <Table.Td ta="end">{money(shift.totals.change)}</Table.Td>
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
  const titleId = useId()
  const [value, setValue] = useState<string | number>('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const [missing, setMissing] = useState(false)

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const counted = minorOf(value, props.currency)
    setMissing(counted === null)
    if (counted === null) return
    setBusy(true)
    setError(null)
    try {
      props.onClosed(await closeShift(counted))
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
            {t('shift.closeTitle')}
          </Title>
          <Text>{t('shift.closeBody')}</Text>
          <Group align="flex-end" wrap="wrap">
            <NumberInput
              value={value}
              onChange={setValue}
              label={t('shift.countedLabel')}
              min={0}
              decimalScale={2}
              {...numberSeparatorsOf(props.locale)}
              required
              error={missing ? t('shift.countedRequired') : undefined}
              w={260}
              maw="100%"
              data-testid="counted-cash"
            />
            <Button type="submit" color="red" variant="light" loading={busy}>
              {t('shift.close')}
            </Button>
          </Group>
          <ApiErrorAlert error={error} />
        </Stack>
      </form>
    </Paper>
  )
}
