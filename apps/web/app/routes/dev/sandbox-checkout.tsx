import { Anchor } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { loadSandboxPayment } from '../../features/checkout/api/sandbox-payments'
import { SandboxDevPage } from '../../features/checkout/components/sandbox-dev-page'
import { SandboxPaymentCard } from '../../features/checkout/components/sandbox-payment-card'
import { SandboxPendingList } from '../../features/checkout/components/sandbox-pending-list'
import { pendingPageOf } from '../../features/checkout/model/result-route'
import type { Route } from './+types/sandbox-checkout'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/**
 * Development only: the sandbox's stand-in for a provider's hosted payment page (Mercado Pago Checkout
 * Pro). The fan pays or declines; the sandbox notifies us through the signed webhook, as a provider would,
 * and sends the fan back to the page's success or failure address, which show the order as it now is.
 * Exists only where the sandbox's development endpoints do (never in production).
 */
export const loader = ({ request, context }: Route.LoaderArgs) => loadSandboxPayment(request, context)

/**
 * A back URL's page on this very site, whatever host PUBLIC_URL names (see the sandbox bank): a server
 * reached as mx.localhost keeps its own session cookie. Only path and query are kept, so any base parses.
 */
const onThisSite = (url: string) => {
  const to = new URL(url, 'http://localhost')
  return `${to.pathname}${to.search}`
}

export default function SandboxCheckout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout')
  if (loaderData.mode === 'list')
    return (
      <SandboxDevPage title={t('sandbox.checkoutTitle')} lead={t('sandbox.listLead')}>
        <SandboxPendingList pending={loaderData.pending} locale={loaderData.locale} />
      </SandboxDevPage>
    )
  const { payment, locale } = loaderData
  const back = payment.backUrls
  const orderPage = pendingPageOf(payment.orderId)
  return (
    <SandboxDevPage title={t('sandbox.checkoutTitle')} lead={t('sandbox.checkoutLead')}>
      <SandboxPaymentCard
        payment={payment}
        locale={locale}
        title={t('sandbox.checkoutPayment')}
        actions={[
          { action: 'approve', label: t('sandbox.pay'), color: 'teal.9' },
          { action: 'decline', label: t('sandbox.decline'), color: 'red.9' },
        ]}
        onSettled={(now) => {
          const to = now.status === 'APPROVED' ? back?.success : back?.failure
          window.location.assign(onThisSite(to ?? orderPage))
        }}
      />
      {/* Like a provider's "back to the shop": the order stays pending until the page's time is up. */}
      <Anchor href={back ? onThisSite(back.pending) : orderPage} data-testid="sandbox-checkout-leave">
        {t('sandbox.leaveUnpaid')}
      </Anchor>
    </SandboxDevPage>
  )
}
