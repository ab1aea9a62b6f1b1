import { Box, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core'
import { type ComponentType, type ReactNode, useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ScrollableTable } from '../../../components/ui/scrollable-table'
import type { ChartSeries } from '../model/dashboard-view'

type ChartProps = {
  data: ChartSeries
  labels: Record<string, string>
  colors: readonly string[]
  timeZone: string
  bars?: boolean
  formatValue: (v: number) => string
}

/** The chart's code, fetched once by the first chart that mounts (never part of the page's own bundle). */
let chartModule: Promise<ComponentType<ChartProps>> | undefined
const loadChart = () => {
  chartModule ??= import('./sales-chart').then((m) => m.default)
  return chartModule
}

// Mantine's blue, green, orange and grape 7: apart on light and dark backgrounds alike.
const COLORS = ['#1c7ed6', '#37b24d', '#f76707', '#ae3ec9']

/**
 * A chart with its table alternative (issue 43 part 6): the chart is drawn in the browser once its code has
 * loaded and is hidden from assistive technology; the same figures are always in a table, visually hidden
 * until someone asks to see it, so a screen reader reads the table and a sighted person can switch to it.
 * Server-rendered, the table is there before any script runs.
 */
export function ChartFigure(props: {
  title: string
  caption: string
  data: ChartSeries
  labels: Record<string, string>
  rowLabels: string[]
  timeZone: string
  bars?: boolean
  formatValue: (v: number) => string
  empty: string
  testId: string
}) {
  const { t } = useTranslation('dashboards')
  const [Chart, setChart] = useState<ComponentType<ChartProps> | null>(null)
  const [showTable, setShowTable] = useState(false)
  const titleId = useId()
  useEffect(() => {
    let live = true
    void loadChart().then((c) => live && setChart(() => c))
    return () => {
      live = false
    }
  }, [])
  const none = props.data.x.length === 0
  const table = (
    <>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('table.when')}</Table.Th>
          {props.data.series.map((s) => (
            <Table.Th scope="col" key={s.key}>
              {props.labels[s.key] ?? s.key}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.rowLabels.map((label, i) => (
          <Table.Tr key={label}>
            <Table.Th scope="row">{label}</Table.Th>
            {props.data.series.map((s) => (
              <Table.Td key={s.key}>{props.formatValue(s.values[i] ?? 0)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </>
  )
  let body: ReactNode
  if (none) body = <Text>{props.empty}</Text>
  else if (showTable)
    body = (
      <ScrollableTable caption={props.caption} minWidth={320} data-testid={`${props.testId}-table`}>
        {table}
      </ScrollableTable>
    )
  else
    body = (
      <>
        {Chart ? (
          <Chart
            data={props.data}
            labels={props.labels}
            colors={COLORS}
            timeZone={props.timeZone}
            formatValue={props.formatValue}
            {...(props.bars ? { bars: true } : {})}
          />
        ) : (
          <div aria-hidden="true" style={{ minHeight: 240 }} />
        )}
        <VisuallyHidden>
          <Table data-testid={`${props.testId}-table`}>
            <caption>{props.caption}</caption>
            {table}
          </Table>
        </VisuallyHidden>
      </>
    )
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} data-testid={props.testId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text id={titleId} fw={600} component="h2" size="lg">
            {props.title}
          </Text>
          {none ? null : (
            <Button variant="subtle" size="compact-sm" onClick={() => setShowTable((v) => !v)}>
              {showTable ? t('chart.showChart') : t('chart.showTable')}
            </Button>
          )}
        </Group>
        {!none && !showTable && (
          <Group gap="md" aria-hidden="true">
            {props.data.series.map((s, i) => (
              <Group key={s.key} gap={6} wrap="nowrap">
                <Box w={12} h={12} style={{ background: COLORS[i % COLORS.length], borderRadius: 2 }} />
                <Text size="sm">{props.labels[s.key] ?? s.key}</Text>
              </Group>
            ))}
          </Group>
        )}
        {body}
      </Stack>
    </Paper>
  )
}
