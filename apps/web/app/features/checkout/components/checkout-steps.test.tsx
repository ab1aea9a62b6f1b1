import { MantineProvider } from '@mantine/core'
import type { Cart, OrderPlan, OrderView } from '@palco/domain/checkout/contract'
import i18next from 'i18next'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import boxoffice from '../../../locales/en-US/boxoffice.json'
import checkout from '../../../locales/en-US/checkout.json'
import common from '../../../locales/en-US/common.json'
import errors from '../../../locales/en-US/errors.json'
import seatmap from '../../../locales/en-US/seatmap.json'
import { COUNTER_CHECKOUT, FAN_CHECKOUT } from '../model/checkout-actor'
import { HoldStep } from './hold-step'
import { PlanOrderStep } from './plan-order-step'
import { PlanQuoteStep } from './plan-quote-step'

const i18n = i18next.createInstance()
await i18n.use(initReactI18next).init({
  lng: 'en-US',
  resources: { 'en-US': { checkout, common, errors, boxoffice, seatmap } },
  ns: ['checkout', 'common', 'errors', 'boxoffice', 'seatmap'],
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

const heading = (html: string) => html.match(/<h1[^>]*>([^<]*)</)?.[1]
const tabTitle = (html: string) => html.match(/<title>([^<]*)</)?.[1]
const linkTo = (html: string, text: string) =>
  html.match(new RegExp(`<a[^>]*href="([^"]*)"[^>]*>(?:<[^>]*>)*${text}<`))?.[1]

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
  lines: [],
  subtotal: 100_000,
  fees: 0,
  discount: 0,
  total: 100_000,
  promoCode: null,
  walletBalance: 0,
  methods: ['CARD', 'CASH', 'TRANSFER', 'WALLET'],
  cashNetworks: ['cash'],
  transferKinds: ['PSE'],
}
const hold = { cart, errorCode: null, reservationId: cart.reservationId, eventSlug: event.slug }
const plan: OrderPlan = {
  lines: [{ seq: 0, dueAt: '2026-11-22T12:00:00.000Z', amount: 100_000, status: 'PAID', covered: 100_000 }],
  next: null,
  standing: 'PAID',
  cancelled: false,
  autoCharge: null,
}
const paidPlan: OrderView = {
  id: '00000000-0000-4000-8000-000000000003',
  code: 'PAL-7KQ2MX',
  status: 'PAID',
  purchaseStatus: 'COMPLETED',
  paymentStatus: 'PAID',
  result: 'SUCCESSFUL',
  method: 'CARD',
  provider: 'SANDBOX',
  currency: 'COP',
  subtotal: 100_000,
  fees: 0,
  discount: 0,
  walletAmount: 0,
  total: 100_000,
  purchaseKind: 'INSTALLMENT',
  channel: 'WEB_DESKTOP',
  paid: 100_000,
  outstanding: 0,
  payments: [],
  createdAt: '2026-11-22T12:00:00Z',
  event,
  lines: [],
  tickets: [],
  voucher: null,
  transfer: null,
  failureCode: null,
  plan,
}

describe('one checkout step for the fan and the counter', () => {
  it('the payment step is headed and leads back for who is paying', () => {
    const fan = render(
      <HoldStep actor={FAN_CHECKOUT} step="buy" hold={hold} locale="en-US">
        {() => null}
      </HoldStep>,
    )
    expect(heading(fan)).toBe('Payment')
    expect(linkTo(fan, 'Back to your details')).toBe(
      `/checkout?reservation=${cart.reservationId}&amp;event=${event.slug}`,
    )
    const counter = render(
      <HoldStep actor={COUNTER_CHECKOUT} step="buy" hold={hold} locale="en-US">
        {() => null}
      </HoldStep>,
    )
    expect(heading(counter)).toBe('Box-office sale')
    expect(linkTo(counter, 'Back to the seats')).toBe(`/assistant/stadium?event=${event.slug}`)
    expect(counter).toContain('Sale summary')
  })

  it('a lapsed hold ends the fan’s step but leaves the counter’s form in place', () => {
    const expired = { ...hold, errorCode: 'HOLD_EXPIRED' }
    const form = () => <form data-testid="step-form" />
    expect(
      render(
        <HoldStep actor={FAN_CHECKOUT} step="buy" hold={expired} locale="en-US">
          {form}
        </HoldStep>,
      ),
    ).not.toContain('step-form')
    expect(
      render(
        <HoldStep actor={COUNTER_CHECKOUT} step="buy" hold={expired} locale="en-US">
          {form}
        </HoldStep>,
      ),
    ).toContain('step-form')
  })

  it('without a hold, the fan is led back to the seats and the counter reads why', () => {
    const none = { ...hold, cart: null, errorCode: 'NOT_FOUND' }
    const fan = render(
      <HoldStep actor={FAN_CHECKOUT} step="buy" hold={none} locale="en-US">
        {() => null}
      </HoldStep>,
    )
    expect(fan).toContain('data-testid="hold-expired"')
    const counter = render(
      <HoldStep actor={COUNTER_CHECKOUT} step="buy" hold={none} locale="en-US">
        {() => null}
      </HoldStep>,
    )
    expect(counter).toContain('data-error-code="NOT_FOUND"')
    expect(linkTo(counter, 'Back to the box office')).toBe('/assistant')
  })

  it('a plan that does not fit the hold leads each actor back to paying in full', () => {
    const step = (actor: typeof FAN_CHECKOUT) =>
      render(<PlanQuoteStep actor={actor} hold={hold} quote={null} locale="en-US" deposit={() => null} />)
    const fan = step(FAN_CHECKOUT)
    expect(heading(fan)).toBe('Pay with paguitos')
    expect(linkTo(fan, 'Pay the whole amount')).toBe(
      `/checkout/buy?reservation=${cart.reservationId}&amp;event=${event.slug}`,
    )
    const counter = step(COUNTER_CHECKOUT)
    expect(heading(counter)).toBe('Sell with paguitos')
    expect(counter).toContain('Sell them in full instead.')
    expect(linkTo(counter, 'Back to the sale')).toBe(`/assistant/buy?reservation=${cart.reservationId}`)
  })

  it('a paid plan: the fan’s own, with its code and tickets; the counter’s, named by its code', () => {
    const step = (actor: typeof FAN_CHECKOUT) =>
      render(
        <PlanOrderStep actor={actor} order={paidPlan} plan={plan} locale="en-US">
          {() => null}
        </PlanOrderStep>,
      )
    const fan = step(FAN_CHECKOUT)
    expect(heading(fan)).toBe('Your instalments')
    expect(tabTitle(fan)).toBe('Your instalments · PAL-7KQ2MX · Palco')
    expect(fan).toContain('data-testid="order-code"')
    expect(linkTo(fan, 'See my tickets')).toBe('/my-tickets')
    const counter = step(COUNTER_CHECKOUT)
    expect(heading(counter)).toBe('Paguitos plan PAL-7KQ2MX')
    expect(tabTitle(counter)).toBe('Paguitos plan PAL-7KQ2MX · Palco')
    expect(counter).not.toContain('data-testid="order-code"')
    expect(counter).not.toContain('See my tickets')
    expect(linkTo(counter, 'Back to the box office')).toBe('/assistant')
  })
})
