import { useTranslation } from 'react-i18next'
import { loadSandboxPayment } from '../../features/checkout/api/sandbox-payments'
import { SandboxDevPage } from '../../features/checkout/components/sandbox-dev-page'
import { SandboxPaymentCard } from '../../features/checkout/components/sandbox-payment-card'
import { SandboxPendingList } from '../../features/checkout/components/sandbox-pending-list'
import type { Route } from './+types/sandbox-bank'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/**
 * Development only: a pretend PSE bank for the sandbox provider. The fan "approves" or "rejects" the
 * debit, and the bank sends them back to the payment's return URL, as a real bank does. The page exists
 * only where the sandbox's development endpoints do (never in production).
 */
export const loader = ({ request, context }: Route.LoaderArgs) => loadSandboxPayment(request, context)

export default function SandboxBank({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout')
  if (loaderData.mode === 'list')
    return (
      <SandboxDevPage title={t('sandbox.bankTitle')} lead={t('sandbox.listLead')}>
        <SandboxPendingList pending={loaderData.pending} locale={loaderData.locale} />
      </SandboxDevPage>
    )
  const { payment, locale } = loaderData
  // Back to the return URL's page on this very site (the pretend bank lives here too), whatever host
  // PUBLIC_URL names: a development server reached as mx.localhost keeps its own session cookie.
  const back = () => {
    const to = new URL(
      payment.returnUrl ?? `/checkout/transfer?order=${payment.orderId ?? ''}`,
      window.location.origin,
    )
    window.location.assign(`${to.pathname}${to.search}`)
  }
  return (
    <SandboxDevPage title={t('sandbox.bankTitle')} lead={t('sandbox.bankLead')}>
      <SandboxPaymentCard
        payment={payment}
        locale={locale}
        title={t('sandbox.bankDebit')}
        actions={[
          { action: 'approve', label: t('sandbox.approve'), color: 'teal.9' },
          { action: 'decline', label: t('sandbox.reject'), color: 'red.9' },
        ]}
        onSettled={back}
      />
    </SandboxDevPage>
  )
}
