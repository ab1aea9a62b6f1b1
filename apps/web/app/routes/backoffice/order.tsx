import { Anchor, Container, Stack, Title } from '@mantine/core'
import type { OrderAdminView } from '@palco/domain/orders/order-admin'
import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import { orderPath } from '../../features/order-admin/api/orders'
import { OrderDetail } from '../../features/order-admin/components/order-detail'
import type { Route } from './+types/order'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

interface MyOrganisers {
  organisers: { role: string | null }[]
}

/**
 * `/backoffice/orders/:orderId` (issue 43 part 3): one order whole. Refunding and resending are offered to
 * admins and to organisers' owners and managers; the API decides again on every request.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const [res, mine] = await Promise.all([
    context.api<OrderAdminView>(orderPath(params.orderId)),
    context.api<MyOrganisers>('/api/backoffice/organisers'),
  ])
  if (res.status === 404 || res.status === 400) throw data(null, { status: 404 })
  if (res.status !== 200) throw data(null, { status: 503 })
  const admin = context.session?.roles.includes('admin') ?? false
  const manager =
    mine.status === 200 && mine.data.organisers.some((o) => o.role === 'owner' || o.role === 'manager')
  return { order: res.data, locale: context.locale, canManage: admin || manager }
}

export default function OrderBackoffice({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('orderadmin')
  return (
    <Container size="md" px="md" py="xl">
      <title>{`${t('detail.title', { code: loaderData.order.code })} · Palco`}</title>
      <Stack gap="lg">
        <Anchor component={Link} to="/backoffice/orders">
          {t('detail.back')}
        </Anchor>
        <Title order={1}>{t('detail.title', { code: loaderData.order.code })}</Title>
        <OrderDetail order={loaderData.order} locale={loaderData.locale} canManage={loaderData.canManage} />
      </Stack>
    </Container>
  )
}
