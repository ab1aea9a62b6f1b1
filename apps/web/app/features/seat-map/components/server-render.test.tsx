import { MantineProvider } from '@mantine/core'
import { formatMoney } from '@palco/domain/format/format'
import i18next from 'i18next'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { HoldCountdown } from '../../../components/ui/hold-countdown'
import { smallLayout } from '../../../lib/seat-map/model/layout-fixtures'
import type { SeatMapZones } from '../../../lib/seat-map/model/seat-map-zone'
import esCO from '../../../locales/es-CO/seatmap.json'
import { SeatMap } from './seat-map'
import { SeatPickerList } from './seat-picker-list'
import { SelectionSummary } from './selection-summary'
import { TribunePicker } from './tribune-picker'

// The seat map must not break the server render: canvas work starts in effects, which never run here.
const i18n = i18next.createInstance()
await i18n.use(initReactI18next).init({
  lng: 'es-CO',
  resources: { 'es-CO': { seatmap: esCO } },
  ns: ['seatmap'],
  defaultNS: 'seatmap',
  interpolation: { escapeValue: false },
})

const render = (node: ReactNode) =>
  renderToString(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>{node}</MantineProvider>
    </I18nextProvider>,
  )

const layout = smallLayout()
const availability = {
  eventId: 'e',
  version: 1,
  sections: { A: 'A4H2S2B2A2', A_BOX: 'A2', B: 'S6', GENERAL: 'A3S2', PARKING: 'A3' },
}
const price = { amount: 15_000_000, currency: 'COP' as const }
const zones: SeatMapZones = { A: { zoneId: 'z1', name: 'Zona A', price, color: '#1c7ed6' } }
const noop = () => {}

describe('server render', () => {
  it('renders the map as a placeholder with its controls', () => {
    const html = render(
      <SeatMap
        layout={layout}
        availability={availability}
        mine={new Set()}
        selected={new Set()}
        zones={zones}
        locale="es-CO"
        onToggleSeat={noop}
        onPickSection={noop}
        alternativeHref="#lista"
      />,
    )
    expect(html).toContain('<canvas')
    expect(html).toContain('Cargando el mapa')
    expect(html).toContain('aria-label="Acercar"')
    expect(html).toContain('aria-label="Alejar"')
    expect(html).toContain('aria-label="Ver todo el lugar"')
    expect(html).toContain('href="#lista"')
    expect(html).toContain('Reservada por otra persona')
  })

  it('sums the selection with its prices', () => {
    const html = render(
      <SelectionSummary
        layout={layout}
        seats={['A/A-1', 'A_BOX/A-2']}
        zones={zones}
        locale="es-CO"
        quantities={{ GENERAL: 2 }}
      />,
    )
    expect(html).toContain('Fila A, silla 1')
    // The box has no zone of its own and is priced as its enclosing section; GENERAL has no price.
    expect(html).toContain(formatMoney({ amount: 30_000_000, currency: 'COP' }, 'es-CO'))
    expect(html).toContain('4 ubicaciones')
  })

  it('shows a neutral countdown until the client knows the time', () => {
    expect(render(<HoldCountdown expiresAt="2030-01-01T00:00:00Z" onExpired={noop} />)).toContain('--:--')
  })

  it('words the countdown for the operator at the counter, and for the fan online', () => {
    const counter = render(
      <HoldCountdown expiresAt="2030-01-01T00:00:00Z" onExpired={noop} actor="operator" />,
    )
    expect(counter).toContain('Tiempo para completar la venta')
    expect(counter).not.toContain('su compra')
    expect(render(<HoldCountdown expiresAt="2030-01-01T00:00:00Z" onExpired={noop} />)).toContain(
      'Tiempo para completar su compra',
    )
  })

  it('lists sections with price and places left for the accessible picker', () => {
    const html = render(
      <SeatPickerList
        layout={layout}
        availability={availability}
        mine={new Set()}
        selected={new Set()}
        zones={zones}
        locale="es-CO"
        onToggleSeat={noop}
        onPickQuantity={noop}
      />,
    )
    expect(html).toContain(`Zona · Sección A · ${formatMoney(price, 'es-CO')} · 6 disponibles`)
    expect(html).toContain('Zona · Sección B · — · Agotada')
  })

  it('lists tribunes with what is left', () => {
    const html = render(
      <TribunePicker
        layout={layout}
        availability={availability}
        zones={zones}
        locale="es-CO"
        onPick={noop}
      />,
    )
    expect(html).toContain('Elija su tribuna')
    expect(html).toContain('3 disponibles')
  })
})
