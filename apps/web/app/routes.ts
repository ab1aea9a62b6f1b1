import { index, layout, type RouteConfig, route } from '@react-router/dev/routes'

/**
 * The route table of spec §2. Checkout routes each have an /assistant twin for operators (provider
 * STAFF); /profile, /my-purchases and /my-tickets need a logged-in fan; /backoffice needs an admin.
 * Routes whose feature is built by a later piece of work render the "not available yet" page, so the
 * table is complete and every path answers.
 */
const CHECKOUT_PATHS = [
  ['', 'checkout'],
  ['buy', 'buy'],
  ['successful_purchase', 'successful-purchase'],
  ['fail_purchase', 'fail-purchase'],
  ['pending', 'pending'],
  ['transfer', 'transfer'],
  ['cash', 'cash'],
  ['cash/:provider', 'cash-provider'],
  ['stadium', 'stadium'],
  ['tour/select', 'tour-select'],
  ['installment', 'installment'],
  ['inscriptions/form', 'inscription-form'],
] as const

const upcoming = 'routes/upcoming.tsx'

/** Checkout pages built so far (issue 6); the rest of CHECKOUT_PATHS still render the upcoming page. */
const CHECKOUT_PAGES: Readonly<Record<string, string>> = {
  '': 'routes/checkout/cart.tsx',
  buy: 'routes/checkout/buy.tsx',
  successful_purchase: 'routes/checkout/successful-purchase.tsx',
  fail_purchase: 'routes/checkout/fail-purchase.tsx',
  pending: 'routes/checkout/pending.tsx',
  transfer: 'routes/checkout/transfer.tsx',
  cash: 'routes/checkout/cash.tsx',
  'cash/:provider': 'routes/checkout/cash.tsx',
  // Paguitos (issue 16): buying on a plan, and a bought plan's payments.
  installment: 'routes/checkout/installment.tsx',
  // Inscriptions (issue 17): one form per participant before paying.
  'inscriptions/form': 'routes/checkout/inscription-form.tsx',
}

/**
 * Box-office twins built so far (issue 15): the seat map and the pay-later pages are the fans' own in operator
 * mode; the sale and its receipt are the counter's. The rest still render the upcoming page.
 */
const ASSISTANT_PAGES: Readonly<Record<string, string>> = {
  stadium: 'routes/checkout/stadium.tsx',
  // A sale the buyer pays later: the fans' voucher and SPEI pages, from which the counter hands them over.
  cash: 'routes/checkout/cash.tsx',
  'cash/:provider': 'routes/checkout/cash.tsx',
  transfer: 'routes/checkout/transfer.tsx',
  buy: 'routes/assistant/buy.tsx',
  successful_purchase: 'routes/assistant/successful-purchase.tsx',
  // Every outcome of a counter sale is read on its receipt.
  pending: 'routes/assistant/sale-result.tsx',
  fail_purchase: 'routes/assistant/sale-result.tsx',
  // A tour's dates, each sold from the counter instead of the fans' checkout.
  'tour/select': 'routes/catalog/tour-select.tsx',
  // An inscription's participants, filled at the counter for the people signing up there (issue 17).
  'inscriptions/form': 'routes/checkout/inscription-form.tsx',
  // Paguitos at the counter: a hold sold on its event's plan, and a plan's payments taken (issue 16).
  installment: 'routes/assistant/installment.tsx',
}

export default [
  layout('routes/shell.tsx', [
    index('routes/home.tsx'),
    route('tos', 'routes/static/tos.tsx'),
    route('privacy-policies', 'routes/static/privacy-policies.tsx'),
    route('faqs', 'routes/static/faqs.tsx'),
    route('about-us', 'routes/static/about-us.tsx'),
    route('403', 'routes/static/forbidden.tsx'),
    route('expired-event', 'routes/static/expired-event.tsx'),
    route('disabled-event', 'routes/static/disabled-event.tsx'),
    route('cancelled-event', 'routes/static/cancelled-event.tsx'),
    route('authorization/login', 'routes/auth/login.tsx', { id: 'login' }),
    route('authorization/operators', 'routes/auth/operators-login.tsx', { id: 'operators-login' }),
    route('dev/outbox', 'routes/dev/outbox.tsx', { id: 'dev-outbox' }),
    route('tours', 'routes/catalog/tours.tsx', { id: 'tours' }),
    route('events/:slug', 'routes/catalog/event.tsx', { id: 'event' }),
    // A sale's waiting room (issue 42 part 1): visitors wait too, and log in when their turn comes.
    route('waiting-room/:eventId', 'routes/waiting-room/waiting-room.tsx', { id: 'waiting-room' }),
    route('checkout/tour/select', 'routes/catalog/tour-select.tsx', { id: 'checkout-tour-select' }),
    route('checkout/stadium', 'routes/checkout/stadium.tsx', { id: 'checkout-stadium' }),
    route('inscriptions', 'routes/inscriptions/list.tsx', { id: 'inscriptions' }),
    route('inscriptions/detail', 'routes/inscriptions/detail.tsx', { id: 'inscription-detail' }),
    route('dev/sandbox-bank', 'routes/dev/sandbox-bank.tsx', { id: 'dev-sandbox-bank' }),
    route('dev/sandbox-payments', 'routes/dev/sandbox-payments.tsx', { id: 'dev-sandbox-payments' }),
    route('dev/sandbox-checkout', 'routes/dev/sandbox-checkout.tsx', { id: 'dev-sandbox-checkout' }),
    ...CHECKOUT_PATHS.filter(
      ([path]) => !(path in CHECKOUT_PAGES) && path !== 'tour/select' && path !== 'stadium',
    ).map(([path, id]) => route(path ? `checkout/${path}` : 'checkout', upcoming, { id: `checkout-${id}` })),
    // Checkout pages log the visitor in first and come back (each loader also sends a lapsed session there).
    layout('routes/guards/require-fan.tsx', { id: 'checkout-guard' }, [
      ...CHECKOUT_PATHS.filter(([path]) => path in CHECKOUT_PAGES).map(([path, id]) =>
        route(path ? `checkout/${path}` : 'checkout', CHECKOUT_PAGES[path] ?? upcoming, {
          id: `checkout-${id}`,
        }),
      ),
    ]),
    layout('routes/guards/require-fan.tsx', [
      route('profile', 'routes/profile/profile.tsx', { id: 'profile' }),
      route('my-purchases', 'routes/tickets/my-purchases.tsx', { id: 'my-purchases' }),
      route('my-purchases/:purchaseId', 'routes/tickets/purchase-detail.tsx', { id: 'purchase-detail' }),
      route('my-tickets', 'routes/tickets/my-tickets.tsx', { id: 'my-tickets' }),
      route('my-tickets/:ticketId', 'routes/tickets/ticket-detail.tsx', { id: 'ticket-detail' }),
    ]),
    layout('routes/guards/require-operator.tsx', [
      route('assistant/check-in', 'routes/assistant/check-in.tsx', { id: 'assistant-check-in' }),
      // /assistant itself is the operators' home: the shift, the events to sell, and check-in (issues 13, 15).
      route('assistant', 'routes/assistant/home.tsx', { id: 'assistant-home' }),
      ...CHECKOUT_PATHS.filter(([path]) => path !== '').map(([path, id]) =>
        route(`assistant/${path}`, ASSISTANT_PAGES[path] ?? upcoming, { id: `assistant-${id}` }),
      ),
    ]),
    route('*', 'routes/static/not-found.tsx'),
  ]),
  // The back office has its own frame: its pages' links, not the fans' (issue 43 part 7).
  layout('routes/backoffice-shell.tsx', [
    // The seat-layout editor (issue 18): admins and the layout-editor role.
    layout('routes/guards/require-layout-editor.tsx', [
      route('backoffice/layout_editor', 'routes/backoffice/layout-editor.tsx', { id: 'layout-editor' }),
      route('backoffice/layout_editor/:layoutId', 'routes/backoffice/layout-editor-version.tsx', {
        id: 'layout-editor-version',
      }),
    ]),
    // The platform's box office: its counters' reports and operators.
    layout('routes/guards/require-admin.tsx', [
      route('backoffice/box-office', 'routes/backoffice/box-office.tsx', { id: 'backoffice-box-office' }),
      route('backoffice/operators', 'routes/backoffice/operators.tsx', { id: 'backoffice-operators' }),
    ]),
    // An organiser's own events (issue 43): admins see every organiser's, organiser staff their own.
    layout('routes/guards/require-back-office.tsx', [
      route('backoffice/paguitos', 'routes/backoffice/paguitos.tsx', { id: 'backoffice-paguitos' }),
      route('backoffice/events', 'routes/backoffice/events.tsx', { id: 'backoffice-events' }),
      // An event's attendees with their check-in, and their exports (issue 43 part 4).
      route('backoffice/events/:eventId/attendees', 'routes/backoffice/event-attendees.tsx', {
        id: 'backoffice-event-attendees',
      }),
      // An event's and an organiser's dashboards, kept by rollups (issue 43 part 6).
      route('backoffice/events/:eventId/dashboard', 'routes/backoffice/event-dashboard.tsx', {
        id: 'backoffice-event-dashboard',
      }),
      route('backoffice/dashboard', 'routes/backoffice/dashboard.tsx', { id: 'backoffice-dashboard' }),
      // An organiser's orders: found, read whole, refunded, resent (issue 43 part 3).
      route('backoffice/orders', 'routes/backoffice/orders.tsx', { id: 'backoffice-orders' }),
      route('backoffice/orders/:orderId', 'routes/backoffice/order.tsx', { id: 'backoffice-order' }),
      // An organiser's promo codes: one or a batch, caps, validity, uses (issue 43 part 5).
      route('backoffice/promo-codes', 'routes/backoffice/promo-codes.tsx', { id: 'backoffice-promo-codes' }),
      // An organiser's staff and their roles, managed by its owners (issue 43 part 1).
      route('backoffice/staff', 'routes/backoffice/staff.tsx', { id: 'backoffice-staff' }),
      // Inscriptions' forms, age rules and entries (issue 17 part 6).
      route('backoffice/inscriptions', 'routes/backoffice/inscriptions.tsx', {
        id: 'backoffice-inscriptions',
      }),
    ]),
  ]),
  route('preferences/theme', 'routes/actions/set-theme.ts'),
] satisfies RouteConfig
