import { MantineProvider } from '@mantine/core'
import type { AttendeeExportView, AttendeeRow } from '@palco/domain/reports/attendees'
import i18next from 'i18next'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import enAttendees from '../../../locales/en-US/attendees.json'
import attendees from '../../../locales/es-CO/attendees.json'
import common from '../../../locales/es-CO/common.json'
import errors from '../../../locales/es-CO/errors.json'
import { AttendeeExports } from './attendee-exports'
import { AttendeeSearch } from './attendee-search'
import { AttendeeTable } from './attendee-table'

const i18n = i18next.createInstance()
await i18n.use(initReactI18next).init({
  lng: 'es-CO',
  resources: { 'es-CO': { attendees, common, errors }, 'en-US': { attendees: enAttendees } },
  ns: ['attendees', 'common', 'errors'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
})

// A data router: the search is a react-router <Form>.
const render = (node: ReactNode) => {
  const router = createMemoryRouter([{ path: '/', element: node }])
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>
    </I18nextProvider>,
  ).replace(/<!-- -->/g, '')
}

const EVENT = '00000000-0000-4000-8000-000000000012'
const row = (over: Partial<AttendeeRow>): AttendeeRow => ({
  ticketId: '00000000-0000-4000-8000-000000000010',
  holderName: 'Ana Pérez',
  buyerEmail: 'ana@example.co',
  orderCode: 'PAL-7KQ2MX',
  document: { type: 'CC', number: '1020304050' },
  zone: 'Oriental',
  section: '101',
  row: 'B',
  seat: 12,
  kind: 'PAID',
  status: 'PAID',
  checkIn: null,
  ...over,
})

const exportView = (over: Partial<AttendeeExportView>): AttendeeExportView => ({
  id: '00000000-0000-4000-8000-000000000020',
  eventId: EVENT,
  format: 'xlsx',
  status: 'RUNNING',
  rowsTotal: 20_000,
  rowsWritten: 5_000,
  createdAt: '2026-12-01T15:00:00Z',
  finishedAt: null,
  fileExpiresAt: null,
  download: null,
  ...over,
})

describe('the attendee page’s parts, rendered on the server', () => {
  it('draws an accessible table: caption, column and row headers, check-in state', () => {
    const html = render(
      <AttendeeTable
        rows={[
          row({}),
          row({
            ticketId: '00000000-0000-4000-8000-000000000011',
            holderName: '=HYPERLINK("x")',
            row: null,
            seat: null,
            checkIn: { at: '2026-12-14T00:45:00Z', gate: 'Puerta Norte' },
          }),
        ]}
        caption="Asistentes, página 1 de 1 (2 boletas)"
        timeZone="America/Bogota"
        locale="es-CO"
      />,
    )
    expect(html).toContain('<caption')
    expect(html).toContain('Asistentes, página 1 de 1 (2 boletas)')
    expect(html.match(/<th[^>]*scope="col"/g)).toHaveLength(7)
    expect(html.match(/<th[^>]*scope="row"/g)).toHaveLength(2)
    expect(html).toContain('Oriental · Sección 101 · Fila B · Silla 12')
    expect(html).toContain('Aún no ingresa')
    expect(html).toContain('Ingresó')
    expect(html).toContain('Puerta Norte')
    expect(html).toContain('=HYPERLINK(&quot;x&quot;)')
    expect(html).toMatch(/<section[^>]*tabindex="0"/)
    expect(html).not.toMatch(/table\.|kinds\.|statuses\./)
  })

  it('offers direct downloads for a small event, a job with progress and a link for a big one', () => {
    const small = render(
      <AttendeeExports
        eventId={EVENT}
        tickets={10}
        directMax={5000}
        exports={[]}
        timeZone="America/Bogota"
        locale="es-CO"
      />,
    )
    expect(small).toContain(`href="/api/admin/events/${EVENT}/attendees.csv"`)
    expect(small).toContain(`href="/api/admin/events/${EVENT}/attendees.xlsx"`)
    const big = render(
      <AttendeeExports
        eventId={EVENT}
        tickets={20_000}
        directMax={5000}
        exports={[
          exportView({}),
          exportView({
            id: '00000000-0000-4000-8000-000000000021',
            format: 'csv',
            status: 'READY',
            rowsWritten: 20_000,
            fileExpiresAt: '2026-12-02T15:00:00Z',
            download: {
              url: '/api/admin/attendee-exports/x/file?token=1.a',
              expiresAt: '2026-12-01T16:00:00Z',
            },
          }),
        ]}
        timeZone="America/Bogota"
        locale="es-CO"
      />,
    )
    expect(big).not.toContain('attendees.csv')
    expect(big).toContain('Exportar CSV')
    expect(big).toContain('5.000 de 20.000 filas')
    expect(big).toContain('href="/api/admin/attendee-exports/x/file?token=1.a"')
    expect(big).toContain('Descargar CSV')
  })

  it('searches with a labelled GET form that keeps the search', () => {
    const html = render(<AttendeeSearch eventId={EVENT} q="ana" />)
    expect(html).toMatch(/<form[^>]*method="get"/)
    expect(html).toContain('role="search"')
    expect(html).toContain('value="ana"')
    expect(html).toContain('Buscar asistentes')
  })
})
