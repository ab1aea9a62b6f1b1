import { Anchor, Button, Container, Pagination, Paper, Stack, Text, Title } from '@mantine/core'
import type { PurchasePage } from '@palco/domain/tickets/contract'
import { useTranslation } from 'react-i18next'
import { data, Link, redirect, useNavigate } from 'react-router'
import { MutedText } from '../../components/ui/muted-text'
import { installmentsPageOf } from '../../features/checkout/model/installment-plan'
import { PurchaseCard } from '../../features/tickets/components/purchase-card'
import type { Route } from './+types/my-purchases'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const page = Math.max(0, Number.parseInt(url.searchParams.get('page') ?? '0', 10) || 0)
  const res = await context.api<PurchasePage>(`/api/myPurchases?page=${page}&size=20`)
  if (res.status === 401) {
    throw redirect(`/authorization/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
  }
  if (res.status !== 200) throw data(null, { status: 503 })
  return { purchases: res.data, locale: context.locale }
}

/** `/my-purchases` (spec §2, §9): the fan's purchases, newest first, 20 a page (first page 0). */
export default function MyPurchases({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('tickets')
  const navigate = useNavigate()
  const { purchases, locale } = loaderData
  return (
    <Container size="sm" px="md" py="xl">
      <title>{`${t('purchases.title')} · Palco`}</title>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('purchases.title')}</Title>
          <MutedText>{t('purchases.lead')}</MutedText>
          <Anchor component={Link} to="/my-tickets" size="sm">
            {t('purchases.toTickets')}
          </Anchor>
        </div>
        {purchases.items.length === 0 ? (
          <Paper withBorder radius="md" p="lg" data-testid="purchases-empty">
            <Stack gap="sm" align="flex-start">
              <Text>{t('purchases.empty')}</Text>
              <Button component={Link} to="/">
                {t('purchases.browse')}
              </Button>
            </Stack>
          </Paper>
        ) : (
          <Stack gap="md">
            {purchases.items.map((p) => (
              <PurchaseCard
                key={p.id}
                purchase={p}
                locale={locale}
                // A paguitos plan's installments, paid or still to pay (issue 16).
                {...(p.plan ? { installmentsHref: installmentsPageOf(p.id) } : {})}
              />
            ))}
          </Stack>
        )}
        {purchases.totalPages > 1 && (
          <nav aria-label={t('purchases.pages')}>
            <Pagination
              total={purchases.totalPages}
              value={purchases.page + 1}
              onChange={(n) => void navigate(`/my-purchases?page=${n - 1}`)}
              siblings={1}
              // The arrows are icons only: name them for screen readers.
              getControlProps={(control) =>
                control === 'previous'
                  ? { 'aria-label': t('purchases.previousPage') }
                  : control === 'next'
                    ? { 'aria-label': t('purchases.nextPage') }
                    : {}
              }
            />
          </nav>
        )}
      </Stack>
    </Container>
  )
}
