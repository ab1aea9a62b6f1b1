import { Container, Stack, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { data, useRevalidator } from 'react-router'
import { MutedText } from '../../components/ui/muted-text'
import { listPromoCodes, promoTargets } from '../../features/promo-admin/api/promo-codes'
import { PromoCodeForm } from '../../features/promo-admin/components/promo-code-form'
import { PromoCodeListView } from '../../features/promo-admin/components/promo-code-list'
import type { Route } from './+types/promo-codes'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/**
 * `/backoffice/promo-codes` (issue 43 part 5): the asker's promo codes — an organiser's staff their own
 * organiser's, a platform admin every one — with their uses, and a form to make one or a batch. `?q=` searches
 * the codes, `?event=` keeps those naming an event, `?page=` pages (from 0).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const page = Number(params.get('page') ?? 0)
  let filter = {
    q: (params.get('q') ?? '').trim().slice(0, 32),
    eventId: params.get('event') ?? '',
    page: Number.isSafeInteger(page) && page >= 0 ? page : 0,
  }
  let [list, targets] = await Promise.all([listPromoCodes(context.api, filter), promoTargets(context.api)])
  // A filter the API refuses (an event id that is no id, say) shows the first page, unfiltered.
  if (list.status === 400) {
    filter = { q: '', eventId: '', page: 0 }
    list = await listPromoCodes(context.api, filter)
  }
  if (list.status !== 200 || targets.status !== 200) throw data(null, { status: 502 })
  return { locale: context.locale, filter, list: list.data, targets: targets.data }
}

export default function PromoCodesBackoffice({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('promoadmin')
  const { revalidate } = useRevalidator()
  const { list, targets, locale, filter } = loaderData
  return (
    <Container size="md" px="md" py="xl">
      <title>{`${t('title')} · Palco`}</title>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <MutedText>{t('intro')}</MutedText>
        </Stack>
        {targets && <PromoCodeForm targets={targets} locale={locale} onCreated={revalidate} />}
        {targets && list && (
          <PromoCodeListView
            list={list}
            filter={filter}
            targets={targets}
            locale={locale}
            onChanged={revalidate}
          />
        )}
      </Stack>
    </Container>
  )
}
