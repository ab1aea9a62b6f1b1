import { Container, Stack, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import { MutedText } from '../../components/ui/muted-text'
import { listLayouts } from '../../features/layout-editor/api/layouts'
import { LayoutList } from '../../features/layout-editor/components/layout-list'
import type { Route } from './+types/layout-editor'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/**
 * `/backoffice/layout_editor` (issue 18, admins and layout editors): the venues' layouts with every
 * version, a new layout from the canvas defaults, and a layout.json import.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const list = await listLayouts(context.api)
  if (list.status !== 200) throw data(null, { status: 502 })
  return { locale: context.locale, venues: list.data.venues, layouts: list.data.layouts }
}

export default function LayoutEditorList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('layouteditor')
  return (
    <Container size="lg" px="md" py="xl">
      <title>{`${t('list.title')} · Palco`}</title>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('list.title')}</Title>
          <MutedText>{t('list.intro')}</MutedText>
        </Stack>
        <LayoutList {...loaderData} />
      </Stack>
    </Container>
  )
}
