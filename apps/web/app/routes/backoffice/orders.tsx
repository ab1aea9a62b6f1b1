import { Container, Stack, Title } from '@mantine/core'
import type { OrderSearchResult } from '@palco/domain/orders/order-admin'
import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import { MutedText } from '../../components/ui/muted-text'
import { ordersSearchPath } from '../../features/order-admin/api/orders'
import { OrderSearch } from '../../features/order-admin/components/order-search'
import type { Route } from './+types/orders'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/** `/backoffice/orders?q=` (issue 43 part 3): the organiser's orders found by code, e-mail, phone or document. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim()
  if (!q) return { q, result: null, tooShort: false, locale: context.locale }
  const res = await context.api<OrderSearchResult>(ordersSearchPath(q))
  if (res.status === 400) return { q, result: null, tooShort: true, locale: context.locale }
  if (res.status !== 200) throw data(null, { status: 503 })
  return { q, result: res.data, tooShort: false, locale: context.locale }
}

export default function OrdersBackoffice({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('orderadmin')
  return (
    <Container size="md" px="md" py="xl">
      <title>{`${t('search.title')} · Palco`}</title>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('search.title')}</Title>
          <MutedText>{t('search.intro')}</MutedText>
        </Stack>
        <OrderSearch
          q={loaderData.q}
          result={loaderData.result}
          error={loaderData.tooShort ? t('search.tooShort') : null}
          locale={loaderData.locale}
        />
      </Stack>
    </Container>
  )
}
