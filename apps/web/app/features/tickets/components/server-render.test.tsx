import { MantineProvider } from '@mantine/core'
import type { Purchase, TicketSummary } from '@palco/domain/tickets/contract'
import i18next from 'i18next'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import common from '../../../locales/es-CO/common.json'
import tickets from '../../../locales/es-CO/tickets.json'
import { CheckInResult } from './check-in-result'
import { PurchaseCard } from './purchase-card'
import { TicketListItem } from './ticket-list-item'

const i18n = i18next.createInstance()
await i18n.use(initReactI18next).init({
  lng: 'es-CO',
  resources: { 'es-CO': { tickets, common } },
  ns: ['tickets', 'common'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
})

const render = (node: ReactNode) =>
  renderToString(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <MemoryRouter>{node}</MemoryRouter>
      </MantineProvider>
    </I18nextProvider>,
  ).replace(/<!-- -->/g, '')

const ticket: TicketSummary = {
  holderName: null,
  id: '00000000-0000-4000-8000-000000000010',
  purchaseId: '00000000-0000-4000-8000-000000000011',
  eventId: '00000000-0000-4000-8000-000000000012',
  section: 'ORIENTAL-SECCION_101',
  row: 'B',
  seat: 12,
  zoneName: 'Oriental',
  location: [
    { key: 'zone', value: 'Oriental' },
    { key: 'section', value: '101' },
    { key: 'row', value: 'B' },
    { key: 'seat', value: '12' },
  ],
  kind: 'PAID',
  ownership: 'TRANSFERRED',
  status: 'TRANSFERRED',
  checkedInAt: null,
  transferredTo: 'a•••@example.co',
}

const purchase: Purchase = {
  id: '00000000-0000-4000-8000-000000000011',
  code: 'PAL-7KQ2MX',
  status: 'PENDING_CASH_PAYMENT',
  purchaseStatus: 'PENDING_CASH_PAYMENT',
  method: 'CASH',
  provider: 'PALCO',
  currency: 'COP',
  subtotal: 10_000_000,
  fees: 0,
  discount: 0,
  total: 10_000_000,
  createdAt: '2026-11-20T15:00:00Z',
  paidAt: null,
  cardInstallments: null,
  plan: false,
  event: {
    id: '00000000-0000-4000-8000-000000000012',
    name: 'Santa Fe vs. Nacional',
    slug: 'santa-fe-vs-nacional',
    type: 'FOOTBALL',
    country: 'COL',
    startsAt: '2026-12-14T00:30:00Z',
    endsAt: '2026-12-14T02:30:00Z',
    timeZone: 'America/Bogota',
    venueName: 'Estadio La Sabana',
    city: 'Bogotá',
    imageUrl: null,
    qrType: 'DYNAMIC_DEFAULT',
  },
  items: [{ section: 'ORIENTAL-SECCION_101', row: 'B', seat: 12, zoneName: 'Oriental', total: 5_000_000 }],
  ticketCount: 0,
  pending: {
    kind: 'CASH',
    network: 'cash',
    reference: '123456789012',
    barcode: '123456789012',
    clabe: null,
    bankName: null,
    amount: 10_000_000,
    expiresAt: '2026-11-22T04:59:00Z',
  },
}

describe('tickets components (server render, es-CO)', () => {
  it('a transferred ticket says to whom, and links to its page named by what it shows', () => {
    const html = render(<TicketListItem ticket={ticket} />)
    expect(html).toContain('Transferida a a•••@example.co')
    expect(html).toContain(`href="/my-tickets/${ticket.id}"`)
    // Issue 13 (axe label-content-name-mismatch): no label of its own hiding the state and kind shown.
    expect(html).not.toContain('aria-label=')
    expect(html).toMatch(/Zona <strong>Oriental<\/strong>/)
  })

  it('an inscription ticket names its runner and category, and its states read in sentence case', () => {
    const runner: TicketSummary = {
      ...ticket,
      section: '00000000-0000-4000-8000-000000000021',
      row: 'UNNUMBERED',
      seat: 3,
      zoneName: '21K',
      location: [{ key: 'zone', value: '21K' }],
      holderName: 'Ana María Pérez',
      status: 'VALID',
      ownership: 'OWNED',
      transferredTo: null,
    }
    const html = render(<TicketListItem ticket={runner} inscription />)
    expect(html).toMatch(/data-testid="ticket-holder"[^>]*>Ana María Pérez</)
    expect(html).toMatch(/Categoría <strong>21K<\/strong>/)
    expect(html).not.toMatch(/Zona <strong>/)
    // The badges' own capitals ("VIGENTE PAGADA") are turned off: the words read as the locale writes them.
    for (const word of ['Vigente', 'Pagada']) {
      const badge = html.match(
        new RegExp(`<div style="([^"]*)"[^>]*mantine-Badge-root[^>]*><span[^>]*>${word}<`),
      )
      expect(badge?.[1], word).toMatch(/text-transform:\s*none/)
    }
  })

  it('a pending purchase shows its voucher reference, amount and deadline in the venue zone', () => {
    const html = render(<PurchaseCard purchase={purchase} locale="es-CO" />)
    expect(html).toContain('Esperando pago en efectivo')
    expect(html).toContain('123456789012')
    expect(html).toMatch(/Total: \$\s100\.000/)
    expect(html).toContain('21 de noviembre 23:59')
  })

  it.each([
    ['VALID', 'Válida: puede ingresar', 'Ingresó a las 10:00, puerta Norte.'],
    ['ALREADY_USED', 'Ya fue usada', 'Se usó el 22 de noviembre a las 10:00, puerta Norte.'],
  ] as const)('the gate shows %s clearly', (result, title, line) => {
    const html = render(
      <CheckInResult
        result={{
          result,
          ticket: { ...ticket, kind: 'PAID' },
          checkedInAt: '2026-11-22T15:00:00Z',
          gate: 'Norte',
        }}
        scan={1}
        locale="es-CO"
        timeZone="America/Bogota"
      />,
    )
    expect(html).toContain(title)
    expect(html).toContain(line)
    expect(html).toContain(`data-result="${result}"`)
  })
})
