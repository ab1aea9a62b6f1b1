import { MantineProvider } from '@mantine/core'
import i18next from 'i18next'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import common from '../../../locales/es-CO/common.json'
import dashboards from '../../../locales/es-CO/dashboards.json'
import { timeSeries } from '../model/dashboard-view'
import { ChartFigure } from './chart-figure'
import { OccupancyTable } from './occupancy-table'

const i18n = i18next.createInstance()
await i18n.use(initReactI18next).init({
  lng: 'es-CO',
  resources: { 'es-CO': { dashboards, common } },
  ns: ['dashboards', 'common'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
})

const render = (node: ReactNode) =>
  renderToString(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>{node}</MantineProvider>
    </I18nextProvider>,
  ).replace(/<!-- -->/g, '')

describe('the dashboards as the server renders them (issue 43 part 6)', () => {
  it('renders a chart’s figures as a table, and no chart code, before any script runs', () => {
    const data = timeSeries(
      [
        { hour: '2026-11-30T14:00:00Z', gross: 4_400_000, net: 4_000_000 },
        { hour: '2026-11-30T15:00:00Z', gross: 8_800_000, net: 8_000_000 },
      ],
      (r) => r.hour,
      ['gross', 'net'],
    )
    const html = render(
      <ChartFigure
        title="Ventas en el tiempo"
        caption="Ventas brutas y netas por hora"
        data={data}
        labels={{ gross: 'Ventas brutas', net: 'Neto' }}
        rowLabels={['30 nov 09:00', '30 nov 10:00']}
        timeZone="America/Bogota"
        formatValue={(v) => String(v / 100)}
        empty="Aún no hay ventas."
        testId="dashboard-sales"
      />,
    )
    expect(html).toContain('data-testid="dashboard-sales-table"')
    expect(html).toContain('<caption>Ventas brutas y netas por hora</caption>')
    expect(html).toContain('88000')
    expect(html).toContain('Ver como tabla')
    // The chart's box is hidden from assistive technology; uPlot's own markup never reaches the server.
    expect(html).toContain('aria-hidden="true"')
    expect(html).not.toContain('uplot')
  })

  it('says so when there is nothing to chart', () => {
    const html = render(
      <ChartFigure
        title="Ingresos"
        caption="Ingresos por hora"
        data={{ x: [], series: [{ key: 'count', values: [] }] }}
        labels={{ count: 'Ingresos' }}
        rowLabels={[]}
        timeZone="America/Bogota"
        formatValue={String}
        empty="Aún no ha ingresado nadie."
        testId="dashboard-checkins"
      />,
    )
    expect(html).toContain('Aún no ha ingresado nadie.')
    expect(html).not.toContain('Ver como tabla')
  })

  it('lists occupancy per section with every column', () => {
    const html = render(
      <OccupancyTable
        rows={[{ section: 'NORTE', capacity: 30, sold: 7, held: 2, courtesy: 3, blocked: 1, available: 17 }]}
        locale="es-CO"
      />,
    )
    expect(html).toContain('data-testid="dashboard-occupancy"')
    expect(html).toContain('Aforo')
    expect(html).toContain('40 %')
  })
})
