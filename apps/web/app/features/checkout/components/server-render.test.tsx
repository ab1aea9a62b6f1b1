import { MantineProvider } from '@mantine/core'
import type { Cart, OrderPlan, OrderView } from '@palco/domain/checkout/contract'
import type { MethodsOffer } from '@palco/domain/checkout/methods'
import i18next from 'i18next'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import auth from '../../../locales/es-CO/auth.json'
import boxoffice from '../../../locales/es-CO/boxoffice.json'
import checkout from '../../../locales/es-CO/checkout.json'
import common from '../../../locales/es-CO/common.json'
import errors from '../../../locales/es-CO/errors.json'
import seatmap from '../../../locales/es-CO/seatmap.json'
import { COUNTER_CHECKOUT, FAN_CHECKOUT } from '../model/checkout-actor'
import { detailsDefaults } from '../model/checkout-forms'
import { code128Values } from '../model/code128'
import { CashStepsView } from './cash-steps-view'
import { DetailsFormView } from './details-form'
import { HoldStep } from './hold-step'
import { InstallmentPayForm } from './installment-pay-form'
import { InstallmentSchedule } from './installment-schedule'
import { OrderSummary } from './order-summary'
import { PaymentForm } from './payment-form'
import { PlanOrderStep } from './plan-order-step'
import { PlanQuoteStep } from './plan-quote-step'
import { TicketsList } from './tickets-list'

const i18n = i18next.createInstance()
await i18n.use(initReactI18next).init({
  lng: 'es-CO',
  resources: { 'es-CO': { checkout, common, auth, errors, boxoffice, seatmap } },
  ns: ['checkout', 'common', 'auth', 'errors', 'boxoffice', 'seatmap'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
})

// React separates adjacent text with empty comments; they are not part of what a person reads.
const render = (node: ReactNode) =>
  renderToString(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <MemoryRouter>{node}</MemoryRouter>
      </MantineProvider>
    </I18nextProvider>,
  ).replace(/<!-- -->/g, '')

const event: Cart['event'] = {
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'santa-fe-vs-nacional',
  name: 'Santa Fe vs. Nacional',
  startsAt: '2026-12-14T00:30:00Z',
  timeZone: 'America/Bogota',
  venueName: 'Estadio La Sabana',
  imageUrl: null,
}

const cart: Cart = {
  reservationId: '00000000-0000-4000-8000-000000000002',
  reservationStatus: 'BOOKED',
  participantsForm: 'NONE',
  event,
  currency: 'COP',
  expiresAt: '2026-11-22T12:10:00Z',
  lines: [
    {
      key: 'ORIENTAL_SECCION_101/B-12',
      zoneName: 'Oriental',
      section: 'ORIENTAL_SECCION_101',
      row: 'B',
      seat: 12,
      unitPrice: 15_000_000,
      fee: 1_200_000,
      discount: 1_500_000,
      total: 14_700_000,
    },
    {
      key: 'GENERAL/UNNUMBERED-1',
      zoneName: 'General',
      section: 'GENERAL',
      row: 'UNNUMBERED',
      seat: 1,
      unitPrice: 5_000_000,
      fee: 400_000,
      discount: 0,
      total: 5_400_000,
    },
  ],
  subtotal: 20_000_000,
  fees: 1_600_000,
  discount: 1_500_000,
  total: 20_100_000,
  promoCode: { code: 'PALCO10', discount: 1_500_000 },
  walletBalance: 5_000_000,
  methods: ['CARD', 'CASH', 'TRANSFER', 'WALLET'],
  cashNetworks: ['cash', 'cashInClub'],
  transferKinds: ['PSE'],
}

const order: OrderView = {
  id: '00000000-0000-4000-8000-000000000003',
  code: 'PAL-7KQ2MX',
  status: 'PENDING_CASH_PAYMENT',
  purchaseStatus: 'PENDING_CASH_PAYMENT',
  paymentStatus: 'PENDING',
  result: 'PENDING_PAYMENT',
  method: 'CASH',
  provider: 'PALCO',
  currency: 'MXN',
  subtotal: 160_000,
  fees: 12_800,
  discount: 0,
  walletAmount: 0,
  total: 172_800,
  purchaseKind: 'TICKET',
  channel: 'WEB_MOBILE',
  paid: 0,
  outstanding: 172_800,
  payments: [{ method: 'CASH', amount: 172_800, status: 'PENDING', cardInstallments: null }],
  createdAt: '2026-11-22T12:00:00Z',
  event: { ...event, timeZone: 'America/Mexico_City' },
  lines: [],
  tickets: [],
  voucher: {
    network: 'oxxo',
    reference: '722342553727',
    barcode: '70017223425537270000172800',
    amount: 172_800,
    expiresAt: '2026-11-24T07:55:00Z',
  },
  transfer: null,
  failureCode: null,
  plan: null,
}

const noop = () => {}

describe('checkout pages, server render', () => {
  it('the summary lists each seat (or "Sin numerar"), the promo discount and the total', () => {
    const html = render(<OrderSummary locale="es-CO" figures={{ ...cart, promoCode: 'PALCO10' }} />)
    expect(html).toContain('Oriental · Sección 101 · Fila B, silla 12')
    expect(html).toContain('General · Sección GENERAL · Sin numerar')
    expect(html).toContain('Descuento (PALCO10)')
    expect(html).toMatch(/data-testid="summary-total"[^>]*>\$\u00a0201\.000</)
  })

  it('the contact and billing forms are tracked as such and prefilled from the profile', () => {
    const defaults = detailsDefaults(
      {
        id: 'f',
        firstName: 'Camila',
        lastName: 'Rojas',
        email: 'fan@palco.co',
        phonePrefix: '+57',
        phone: '3001234567',
        documentType: 'CC',
        documentNumber: '1020304050',
        gender: null,
        birthDate: null,
        country: 'COL',
        registrationStatus: 'REGISTERED',
        roles: ['fan'],
      },
      '+57',
    )
    const html = render(
      <DetailsFormView defaults={defaults} submitLabel="Continuar al pago" onSubmit={noop} />,
    )
    expect(html).toContain('data-form="contact"')
    expect(html).toContain('data-form="billing"')
    expect(html).toContain('value="fan@palco.co"')
    expect(html).toContain('value="Camila Rojas"')
    expect(html).toContain('value="1020304050"')
  })

  const sandbox = { provider: 'sandbox', publicKey: null, apiUrl: null } as const

  it('the payment form offers the country’s methods and the wallet as part payment', () => {
    const html = render(
      <PaymentForm cart={cart} locale="es-CO" provider={sandbox} submitting={false} onPay={noop} />,
    )
    expect(html).toContain('data-form="payment"')
    expect(html).toContain('Tarjeta de crédito o débito')
    expect(html).toContain('Efectivo')
    expect(html).toContain('Transferencia bancaria')
    // The balance does not cover the total: no wallet-only option, a part-payment box instead.
    expect(html).not.toContain('Billetera Palco (saldo')
    expect(html).toContain('Usar el saldo de mi billetera')
    expect(html).toContain('autoComplete="cc-number"')
    expect(html).toContain('Pagar $\u00a0201.000')
  })

  it('draws the card fields with no name, so no native submission can carry them (issue 40)', () => {
    const html = render(
      <PaymentForm cart={cart} locale="es-CO" provider={sandbox} submitting={false} onPay={noop} />,
    )
    const inputs = [...html.matchAll(/<input[^>]*autoComplete="cc-[^"]*"[^>]*>/g)].map((m) => m[0])
    expect(inputs).toHaveLength(4)
    for (const input of inputs) expect(input).not.toMatch(/\sname=/)
  })

  it('a wallet that covers the total is a method of its own', () => {
    const rich = { ...cart, walletBalance: 50_000_000 }
    const html = render(
      <PaymentForm cart={rich} locale="es-CO" provider={sandbox} submitting={false} onPay={noop} />,
    )
    expect(html).toContain('Billetera Palco (saldo')
    expect(html).not.toContain('Usar el saldo de mi billetera')
  })

  it('offers Mercado Pago’s hosted page only when the cart lists it (LINK)', () => {
    const without = render(
      <PaymentForm cart={cart} locale="es-CO" provider={sandbox} submitting={false} onPay={noop} />,
    )
    expect(without).not.toContain('data-testid="method-LINK"')
    const hosted = { ...cart, methods: ['CARD', 'CASH', 'TRANSFER', 'LINK', 'WALLET'] as Cart['methods'] }
    const html = render(
      <PaymentForm cart={hosted} locale="es-CO" provider={sandbox} submitting={false} onPay={noop} />,
    )
    expect(html).toContain('data-testid="method-LINK"')
    expect(html).toContain('Mercado Pago')
  })

  it.each([
    ['PALCO', 2],
    ['MERCADO_PAGO', 3],
    ['KUSHKI', 3],
  ] as const)('%s cash steps: %i, starting after the method', (provider, count) => {
    const html = render(<CashStepsView order={order} provider={provider} locale="en-US" />)
    expect(html.match(/mantine-Stepper-step(?=[\s"])/g)).toHaveLength(count)
    if (count === 2) {
      expect(html).toContain('data-testid="voucher-barcode"')
      expect(html).toContain('722342553727')
      // The deadline in the venue's zone: 07:55 UTC is 01:55 in Mexico City.
      expect(html).toContain('01:55')
    } else {
      expect(html).toContain('data-testid="cash-instructions"')
    }
  })

  it('SPEI has its own second step: CLABE (grouped, with a copy button), bank, reference, amount', () => {
    const spei: OrderView = {
      ...order,
      result: 'PENDING_TRANSFER_SPEI',
      method: 'TRANSFER',
      voucher: null,
      transfer: {
        kind: 'SPEI',
        clabe: '646180157000000004',
        bankName: 'STP',
        reference: '1709396',
        amount: 172_800,
        expiresAt: '2026-11-24T07:55:00Z',
        redirectUrl: null,
      },
    }
    const html = render(<CashStepsView order={spei} provider="SPEI" locale="en-US" />)
    expect(html.match(/mantine-Stepper-step(?=[\s"])/g)).toHaveLength(3)
    expect(html).toContain('646 180 15700000000 4')
    expect(html).toContain('data-testid="clabe-copy"')
    expect(html).toContain('STP')
    expect(html).toContain('MX$1,728')
  })

  it('the barcode draws the voucher digits in Code 128', () => {
    const html = render(<CashStepsView order={order} provider="PALCO" locale="en-US" />)
    const bars = (html.match(/<rect [^>]*fill="#000"/g) ?? []).length
    // Three bars a symbol, four for the stop.
    expect(bars).toBe((code128Values(order.voucher?.barcode ?? '').length - 1) * 3 + 4)
  })

  it('tickets list each issued seat', () => {
    const html = render(
      <TicketsList
        tickets={[{ id: 't1', section: 'ORIENTAL_SECCION_101', row: 'B', seat: 12, zoneName: 'Oriental' }]}
      />,
    )
    expect(html).toContain('Su boleta')
    expect(html).toContain('Oriental · Sección 101 · Fila B, silla 12')
  })

  it('a paguitos schedule is a table: the deposit today, each payment with its date and amount, the total', () => {
    const html = render(
      <InstallmentSchedule
        rows={[
          { seq: 0, dueAt: null, amount: 5_025_000 },
          { seq: 1, dueAt: '2026-12-01T17:00:00.000Z', amount: 7_537_500 },
          { seq: 2, dueAt: '2026-12-11T17:00:00.000Z', amount: 7_537_500 },
        ]}
        total={20_100_000}
        currency="COP"
        locale="es-CO"
        timeZone="America/Bogota"
      />,
    )
    expect(html).toContain('<table')
    expect(html).toContain('<caption')
    expect(html).toMatch(/Cuota inicial<\/th><td[^>]*>Hoy</)
    expect(html).toContain('Pago 2 de 2')
    expect(html).toContain('11 de diciembre')
    expect(html).toMatch(/data-testid="paguitos-total"[^>]*>\$\u00a0201\.000</)
  })

  it('a bought plan says where each payment stands', () => {
    const html = render(
      <InstallmentSchedule
        rows={[
          { seq: 0, dueAt: '2026-11-21T17:00:00.000Z', amount: 50, state: 'PAID' },
          { seq: 1, dueAt: '2026-12-01T17:00:00.000Z', amount: 75, state: 'OVERDUE' },
          { seq: 2, dueAt: '2026-12-11T17:00:00.000Z', amount: 75, state: 'PENDING' },
        ]}
        total={200}
        currency="COP"
        locale="es-CO"
        timeZone="America/Bogota"
      />,
    )
    const states = [...html.matchAll(/data-testid="paguitos-line-state"[^>]*>([^<]+)</g)].map((m) => m[1])
    expect(states).toEqual(['Pagada', 'Vencida', 'Pendiente'])
  })

  it('a deposit is paid by card, cash or transfer, and the button says it is the deposit', () => {
    const html = render(
      <PaymentForm
        cart={{ ...cart, total: 5_025_000, methods: ['CARD', 'CASH', 'TRANSFER'] }}
        locale="es-CO"
        provider={sandbox}
        submitting={false}
        onPay={noop}
        walletShare={false}
        cardInstallments={false}
        submitLabel={(amount) => i18n.t('checkout:paguitos.payDeposit', { amount })}
      />,
    )
    expect(html).not.toContain('Usar el saldo de mi billetera')
    expect(html).not.toContain('Billetera Palco')
    expect(html).toContain('Pagar cuota inicial de $\u00a050.250')
  })

  it('a card deposit offers to save the card for the installments only when asked to', () => {
    const deposit = { ...cart, total: 5_025_000, methods: ['CARD', 'CASH', 'TRANSFER'] as Cart['methods'] }
    const html = render(
      <PaymentForm
        cart={deposit}
        locale="es-CO"
        provider={sandbox}
        submitting={false}
        onPay={noop}
        walletShare={false}
        cardInstallments={false}
        offerSaveCard
      />,
    )
    expect(html).toContain('data-testid="save-card"')
    expect(html).toContain(
      'Guardar esta tarjeta para pagar mis cuotas automáticamente en sus fechas de vencimiento',
    )
    const without = render(
      <PaymentForm cart={deposit} locale="es-CO" provider={sandbox} submitting={false} onPay={noop} />,
    )
    expect(without).not.toContain('data-testid="save-card"')
  })

  it('an installment: the next payment or the whole balance, with the wallet when it covers it', () => {
    const offer: MethodsOffer = {
      methods: ['CARD', 'CASH', 'TRANSFER', 'WALLET'],
      cashNetworks: ['cash'],
      transferKinds: ['PSE'],
    }
    const props = {
      order: { ...order, currency: 'COP' as const, event },
      offer,
      walletBalance: 10_000_000,
      locale: 'es-CO' as const,
      provider: sandbox,
      onPaid: noop,
      onStale: noop,
      payments: 2,
    }
    const both = render(
      <InstallmentPayForm
        {...props}
        parts={{
          next: { seq: 1, dueAt: '2026-12-01T17:00:00.000Z', amount: 7_537_500 },
          balance: 15_075_000,
        }}
      />,
    )
    expect(both).toContain('El próximo pago: $\u00a075.375')
    expect(both).toContain('Pago 1 de 2, vence el 1 de diciembre.')
    expect(both).toContain('Todo el saldo: $\u00a0150.750')
    expect(both).toContain('data-testid="method-WALLET"')
    expect(both).not.toContain('Usar el saldo de mi billetera')
    expect(both).toContain('Pagar $\u00a075.375')
    const last = render(
      <InstallmentPayForm
        {...props}
        parts={{ next: { seq: 2, dueAt: '2026-12-11T17:00:00.000Z', amount: 7_537_500 }, balance: 7_537_500 }}
      />,
    )
    expect(last).not.toContain('data-testid="part-BALANCE"')
  })
})

const heading = (html: string) => html.match(/<h1[^>]*>([^<]*)</)?.[1]
const tabTitle = (html: string) => html.match(/<title>([^<]*)</)?.[1]
const linkTo = (html: string, text: string) =>
  html.match(new RegExp(`<a[^>]*href="([^"]*)"[^>]*>(?:<[^>]*>)*${text}<`))?.[1]

describe('one checkout step for the fan and the counter (DESIGN §4 rule 6)', () => {
  const hold = { cart, errorCode: null, reservationId: cart.reservationId, eventSlug: event.slug }
  const buyStep = (actor: typeof FAN_CHECKOUT, at: { cart: Cart | null; errorCode: string | null }) =>
    render(
      <HoldStep actor={actor} step="buy" hold={{ ...hold, ...at }} locale="es-CO">
        {() => <form data-testid="step-form" />}
      </HoldStep>,
    )

  it('the payment step is headed and leads back for who is paying', () => {
    const fan = buyStep(FAN_CHECKOUT, hold)
    expect(heading(fan)).toBe('Pago')
    expect(linkTo(fan, 'Volver a sus datos')).toBe(
      `/checkout?reservation=${cart.reservationId}&amp;event=${event.slug}`,
    )
    const counter = buyStep(COUNTER_CHECKOUT, hold)
    expect(heading(counter)).toBe('Venta en taquilla')
    expect(linkTo(counter, 'Volver a las sillas')).toBe(`/assistant/stadium?event=${event.slug}`)
    expect(counter).toContain('Resumen de la venta')
  })

  it('a lapsed hold ends the fan’s step but leaves the counter’s form in place', () => {
    const expired = { ...hold, errorCode: 'HOLD_EXPIRED' }
    expect(buyStep(FAN_CHECKOUT, expired)).not.toContain('step-form')
    expect(buyStep(COUNTER_CHECKOUT, expired)).toContain('step-form')
  })

  it('without a hold, the fan is led back to the seats and the counter reads why', () => {
    const none = { cart: null, errorCode: 'NOT_FOUND' }
    expect(buyStep(FAN_CHECKOUT, none)).toContain('data-testid="hold-expired"')
    const counter = buyStep(COUNTER_CHECKOUT, none)
    expect(counter).toContain('data-error-code="NOT_FOUND"')
    expect(linkTo(counter, 'Volver a la taquilla')).toBe('/assistant')
  })

  it('a plan that does not fit the hold leads each actor back to paying in full', () => {
    const step = (actor: typeof FAN_CHECKOUT) =>
      render(<PlanQuoteStep actor={actor} hold={hold} quote={null} locale="es-CO" deposit={() => null} />)
    const fan = step(FAN_CHECKOUT)
    expect(heading(fan)).toBe('Pagar con paguitos')
    expect(linkTo(fan, 'Pagar el valor completo')).toBe(
      `/checkout/buy?reservation=${cart.reservationId}&amp;event=${event.slug}`,
    )
    const counter = step(COUNTER_CHECKOUT)
    expect(heading(counter)).toBe('Vender con paguitos')
    expect(counter).toContain('Véndalos de contado.')
    expect(linkTo(counter, 'Volver a la venta')).toBe(`/assistant/buy?reservation=${cart.reservationId}`)
  })

  it('a paid plan: the fan’s own, with its code and tickets; the counter’s, named by its code', () => {
    const plan: OrderPlan = {
      lines: [
        { seq: 0, dueAt: '2026-11-22T12:00:00.000Z', amount: 172_800, status: 'PAID', covered: 172_800 },
      ],
      next: null,
      standing: 'PAID',
      cancelled: false,
      autoCharge: null,
    }
    const paid = { ...order, status: 'PAID' as const, plan }
    const step = (actor: typeof FAN_CHECKOUT) =>
      render(
        <PlanOrderStep actor={actor} order={paid} plan={plan} locale="es-CO">
          {() => null}
        </PlanOrderStep>,
      )
    const fan = step(FAN_CHECKOUT)
    expect(heading(fan)).toBe('Sus cuotas')
    expect(tabTitle(fan)).toBe(`Sus cuotas · ${order.code} · Palco`)
    expect(fan).toContain('data-testid="order-code"')
    expect(linkTo(fan, 'Ver mis boletas')).toBe('/my-tickets')
    const counter = step(COUNTER_CHECKOUT)
    expect(heading(counter)).toBe(`Plan de paguitos ${order.code}`)
    expect(tabTitle(counter)).toBe(`Plan de paguitos ${order.code} · Palco`)
    expect(counter).not.toContain('data-testid="order-code"')
    expect(counter).not.toContain('Ver mis boletas')
    expect(linkTo(counter, 'Volver a la taquilla')).toBe('/assistant')
  })
})
