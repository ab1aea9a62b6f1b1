import { Anchor } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { loadSandboxPayment } from '../../features/checkout/api/sandbox-payments'
import { SandboxDevPage } from '../../features/checkout/components/sandbox-dev-page'
import { SandboxPaymentCard } from '../../features/checkout/components/sandbox-payment-card'
import { SandboxPendingList } from '../../features/checkout/components/sandbox-pending-list'
import { pendingPageOf } from '../../features/checkout/model/result-route'
import type { Route } from './+types/sandbox-payments'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/**
 * Development only: decides a sandbox voucher or transfer (or a card under review) as if the fan had
 * paid at the store or the bank had confirmed — or lets it expire. Exists only where the sandbox's
 * development endpoints do.
 */
export const loader = ({ request, context }: Route.LoaderArgs) => loadSandboxPayment(request, context)

export default function SandboxPayments({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout')
  const [settled, setSettled] = useState(false)
  if (loaderData.mode === 'list')
    return (
      <SandboxDevPage title={t('sandbox.paymentsTitle')} lead={t('sandbox.listLead')}>
        <SandboxPendingList pending={loaderData.pending} locale={loaderData.locale} />
      </SandboxDevPage>
    )
  const { payment, locale } = loaderData
  const orderHref = pendingPageOf(payment.orderId)
  return (
    <SandboxDevPage title={t('sandbox.paymentsTitle')} lead={t('sandbox.paymentsLead')}>
      <SandboxPaymentCard
        payment={payment}
        locale={locale}
        title={t('sandbox.paymentTitle')}
        actions={[
          { action: 'approve', label: t('sandbox.markPaid'), color: 'teal.9' },
          { action: 'expire', label: t('sandbox.markExpired'), color: 'red.9' },
          ...(payment.method === 'CARD' ? [{ action: 'decline' as const, label: t('sandbox.decline') }] : []),
        ]}
        onSettled={() => setSettled(true)}
      />
      <Anchor component={Link} to={orderHref} data-testid="back-to-order" fw={settled ? 700 : undefined}>
        {t('sandbox.backToOrder')}
      </Anchor>
    </SandboxDevPage>
  )
}
