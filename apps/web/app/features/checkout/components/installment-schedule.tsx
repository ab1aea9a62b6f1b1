import { Paper, Stack, Table, Text, Title } from '@mantine/core'
import { formatDate, formatMoney } from '@palco/domain/format/format'
import type { Currency, Locale } from '@palco/domain/locale/country'
import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { LineState } from '../model/installment-plan'
import classes from './installment-schedule.module.css'

export interface ScheduleRow {
  /** 0 is the deposit. */
  seq: number
  /** Null: today (a plan not bought yet pays its deposit now). */
  dueAt: string | null
  amount: number
  /** A bought plan's lines say where each stands. */
  state?: LineState
}

/** "Deposit", "Payment 1 of 2": what a line of the plan is called wherever it is spoken of. */
export function usePlanLineName() {
  const { t } = useTranslation('checkout')
  return (seq: number, payments: number) =>
    seq === 0 ? t('paguitos.deposit') : t('paguitos.payment', { n: seq, count: payments })
}

/**
 * A paguitos plan as a table (issue 16): the deposit and each later payment with its due date (in the
 * event's time zone) and amount, the total, and for a bought plan where each payment stands.
 */
export function InstallmentSchedule(props: {
  rows: readonly ScheduleRow[]
  total: number
  currency: Currency
  locale: Locale
  timeZone: string
  /** Above the table, inside its section. */
  children?: ReactNode
}) {
  const { t } = useTranslation('checkout')
  const titleId = useId()
  const nameOf = usePlanLineName()
  const { locale, timeZone } = props
  const money = (amount: number) => formatMoney({ amount, currency: props.currency }, locale)
  const payments = props.rows.filter((r) => r.seq > 0).length
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'sm', xs: 'md' }}
      aria-labelledby={titleId}
      data-testid="paguitos-schedule"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {t('paguitos.scheduleTitle')}
        </Title>
        {props.children}
        <Table verticalSpacing="xs" horizontalSpacing="xs" fz="sm" captionSide="top">
          <Table.Caption style={{ textAlign: 'start', marginTop: 0 }}>
            {t('paguitos.scheduleCaption')}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('paguitos.columns.payment')}</Table.Th>
              <Table.Th scope="col">{t('paguitos.columns.due')}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t('paguitos.columns.amount')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.rows.map((row) => (
              <Table.Tr key={row.seq} data-testid="paguitos-line" data-state={row.state}>
                {/* The state sits under the payment's name, not in a column of its own: four columns do not
                    fit a phone's width, and the row's header then names the payment and where it stands. */}
                <Table.Th scope="row" fw={500}>
                  {nameOf(row.seq, payments)}
                  {row.state && (
                    <Text
                      component="span"
                      display="block"
                      size="sm"
                      className={`${classes.state} ${classes[row.state]}`}
                      data-testid="paguitos-line-state"
                    >
                      {t(`paguitos.states.${row.state}`)}
                    </Text>
                  )}
                </Table.Th>
                <Table.Td>
                  {row.dueAt ? (
                    <time dateTime={row.dueAt}>{formatDate(row.dueAt, locale, timeZone)}</time>
                  ) : (
                    t('paguitos.today')
                  )}
                </Table.Td>
                <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }} data-testid="paguitos-line-amount">
                  {money(row.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" colSpan={2}>
                {t('paguitos.total')}
              </Table.Th>
              <Table.Td ta="end" fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="paguitos-total">
                {money(props.total)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
        <Text size="xs" c="dimmed">
          {t('paguitos.datesNote', { zone: timeZone })}
        </Text>
      </Stack>
    </Paper>
  )
}
