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
    route('authorization/login', 'routes/auth/login.tsx', { id: 'login' }),
    route('authorization/operators', 'routes/auth/operators-login.tsx', { id: 'operators-login' }),
    route('dev/outbox', 'routes/dev/outbox.tsx', { id: 'dev-outbox' }),
    route('tours', 'routes/catalog/tours.tsx', { id: 'tours' }),
    route('events/:slug', 'routes/catalog/event.tsx', { id: 'event' }),
    route('checkout/tour/select', 'routes/catalog/tour-select.tsx', { id: 'checkout-tour-select' }),
    route('checkout/stadium', 'routes/checkout/stadium.tsx', { id: 'checkout-stadium' }),
    route('inscriptions', upcoming, { id: 'inscriptions' }),
    route('inscriptions/detail', upcoming, { id: 'inscription-detail' }),
    ...CHECKOUT_PATHS.filter(([path]) => path !== 'tour/select' && path !== 'stadium').map(([path, id]) =>
      route(path ? `checkout/${path}` : 'checkout', upcoming, { id: `checkout-${id}` }),
    ),
    layout('routes/guards/require-fan.tsx', [
      route('profile', 'routes/profile/profile.tsx', { id: 'profile' }),
      route('my-purchases', upcoming, { id: 'my-purchases' }),
      route('my-tickets', upcoming, { id: 'my-tickets' }),
    ]),
    layout('routes/guards/require-operator.tsx', [
      ...CHECKOUT_PATHS.map(([path, id]) =>
        route(path ? `assistant/${path}` : 'assistant', upcoming, { id: `assistant-${id}` }),
      ),
    ]),
    layout('routes/guards/require-admin.tsx', [
      route('backoffice/layout_editor', upcoming, { id: 'layout-editor' }),
    ]),
    route('*', 'routes/static/not-found.tsx'),
  ]),
  route('preferences/theme', 'routes/actions/set-theme.ts'),
] satisfies RouteConfig
