import { Container, Stack, Title } from '@mantine/core'
import type { BackofficeOperator, BoxOfficeEvent } from '@palco/domain/box-office/contract'
import { useTranslation } from 'react-i18next'
import { MutedText } from '../../components/ui/muted-text'
import { OperatorsManager } from '../../features/box-office/components/operators-manager'
import type { Route } from './+types/operators'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/**
 * `/backoffice/operators` (issue 15 part 7, admins): who sells at the counter, and which of the country's
 * events each one sells.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [operators, events] = await Promise.all([
    context.api<{ operators: BackofficeOperator[] }>('/api/backoffice/operators'),
    context.api<{ events: BoxOfficeEvent[] }>('/api/backoffice/box-office/events'),
  ])
  if (operators.status !== 200 || events.status !== 200) throw new Response(null, { status: 502 })
  return { locale: context.locale, operators: operators.data.operators, events: events.data.events }
}

export default function OperatorsBackoffice({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('boxoffice')
  return (
    <Container size="md" px="md" py="xl">
      <title>{`${t('backoffice.operators.title')} · Palco`}</title>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('backoffice.operators.title')}</Title>
          <MutedText>{t('backoffice.operators.intro')}</MutedText>
        </Stack>
        <OperatorsManager {...loaderData} />
      </Stack>
    </Container>
  )
}
