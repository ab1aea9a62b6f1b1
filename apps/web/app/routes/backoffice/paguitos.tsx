import { Container, Stack, Title } from '@mantine/core'
import type { InstallmentPlanList } from '@palco/domain/installments/contract'
import { useTranslation } from 'react-i18next'
import { MutedText } from '../../components/ui/muted-text'
import { PLANS_PATH } from '../../features/paguitos/api/plans'
import { PlansManager } from '../../features/paguitos/components/plans-manager'
import type { Route } from './+types/paguitos'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/** `/backoffice/paguitos` (issue 16 part 1, admins): which of the site's events are sold in installments, how. */
export async function loader({ context }: Route.LoaderArgs) {
  const plans = await context.api<InstallmentPlanList>(PLANS_PATH)
  if (plans.status !== 200) throw new Response(null, { status: 502 })
  return { locale: context.locale, events: plans.data.events }
}

export default function PaguitosBackoffice({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('boxoffice')
  return (
    <Container size="md" px="md" py="xl">
      <title>{`${t('backoffice.paguitos.title')} · Palco`}</title>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('backoffice.paguitos.title')}</Title>
          <MutedText>{t('backoffice.paguitos.intro')}</MutedText>
        </Stack>
        <PlansManager {...loaderData} />
      </Stack>
    </Container>
  )
}
