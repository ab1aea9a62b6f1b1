import { MantineProvider } from '@mantine/core'
import type { PromoCodeView, PromoTargets } from '@palco/domain/checkout/promo-admin-contract'
import i18next from 'i18next'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import common from '../../../locales/es-CO/common.json'
import errors from '../../../locales/es-CO/errors.json'
import promoadmin from '../../../locales/es-CO/promoadmin.json'
import { PromoCodeForm } from './promo-code-form'
import { PromoCodeListView } from './promo-code-list'

const i18n = i18next.createInstance()
await i18n.use(initReactI18next).init({
  lng: 'es-CO',
  resources: { 'es-CO': { promoadmin, common, errors } },
  ns: ['promoadmin', 'common', 'errors'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
})

// A data router: the list's search is a react-router <Form>.
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

const EVENT = '00000000-0000-4000-8000-000000000031'
const targets: PromoTargets = {
  currency: 'COP',
  countryWide: false,
  events: [
    {
      id: EVENT,
      name: 'Clásico Andino',
      startsAt: '2026-08-01T01:00:00.000Z',
      status: 'PUBLISHED',
      zones: [{ id: '00000000-0000-4000-8000-000000000032', name: 'Oriental' }],
    },
  ],
}
const code = (over: Partial<PromoCodeView>): PromoCodeView => ({
  id: '00000000-0000-4000-8000-000000000033',
  code: 'HINCHAS-2026',
  country: 'COL',
  kind: 'PERCENT',
  percentBps: 1_250,
  amount: null,
  currency: null,
  startsAt: '2026-06-01T05:00:00.000Z',
  endsAt: null,
  maxUses: 100,
  maxUsesPerFan: 1,
  uses: 3,
  remaining: 97,
  eventIds: [EVENT],
  zoneIds: [],
  active: true,
  state: 'ACTIVE',
  organiserId: '00000000-0000-4000-8000-000000000034',
  batchId: null,
  batchLabel: null,
  createdAt: '2026-05-01T00:00:00.000Z',
  ...over,
})
const filter = { q: '', eventId: '', page: 0 }
const noop = async () => {}

describe('the back office’s promo codes (issue 43 part 5)', () => {
  it('lists each code with its discount, uses and what is left, validity, state and actions', () => {
    const batch = code({
      id: '00000000-0000-4000-8000-000000000035',
      code: 'SOCIOS-ABCDEFGH',
      kind: 'FIXED',
      percentBps: null,
      amount: 2_000_000,
      currency: 'COP',
      maxUses: null,
      remaining: null,
      uses: 0,
      startsAt: null,
      batchId: '00000000-0000-4000-8000-000000000036',
      batchLabel: 'Socios',
      active: false,
      state: 'INACTIVE',
    })
    const html = render(
      <PromoCodeListView
        list={{ items: [code({}), batch], total: 41, page: 0, size: 20 }}
        filter={filter}
        targets={targets}
        locale="es-CO"
        onChanged={noop}
      />,
    )
    expect(html).toContain('41 códigos')
    expect(html).toContain('HINCHAS-2026')
    expect(html).toContain('12,50 % de descuento')
    expect(html).toContain('3 de 100 usos, quedan 97 · 1 por comprador')
    expect(html).toContain('Eventos: Clásico Andino')
    expect(html).toContain('Válido desde 1 de junio 00:00 hasta sin fin')
    expect(html).toContain('Activo')
    expect(html).toContain('$\u00a020.000 de descuento')
    expect(html).toContain('0 usos, sin límite total')
    expect(html).toContain('Apagado')
    expect(html).toContain('Encender')
    expect(html).toContain(`href="/api/admin/promo-codes/batches/${batch.batchId}/codes.csv"`)
    // A used code cannot be deleted (only switched off); an unused one can.
    expect(html.match(/>Eliminar</g)).toHaveLength(1)
    expect(html).toContain('Página 1 de 3')
    expect(html).toContain('href="/?page=1"')
  })

  it('draws the form with a label on every field, the tiers closed until an event is chosen', () => {
    const html = render(<PromoCodeForm targets={targets} locale="es-CO" onCreated={() => {}} />)
    for (const label of ['Código', 'Descuento', 'Porcentaje de descuento', 'Válido desde', 'Válido hasta']) {
      expect(html).toContain(label)
    }
    expect(html).toContain('Usos en total')
    expect(html).toContain('Usos por comprador')
    expect(html).toContain('Elija al menos uno de sus eventos.')
    expect(html).toContain('Crear el código')
    expect(html).toMatch(/<label[^>]*for="[^"]+"[^>]*>Código/)
  })
})
