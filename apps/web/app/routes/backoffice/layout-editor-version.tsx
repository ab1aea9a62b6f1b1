import { Anchor, Container, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import { layoutPath, listLayouts } from '../../features/layout-editor/api/layouts'
import { lazyFilesOf, preloadFiles } from '../../lib/lazy-files'
import type { PrefetchHandle } from '../../lib/prefetch'
import type { Route } from './+types/layout-editor-version'

// The editor (canvas, renderer, panels) is a module of its own, loaded after the page (DESIGN §8).
const loadEditor = () => import('../../features/layout-editor/components/layout-editor')
if (typeof window !== 'undefined') void loadEditor().catch(() => {})
const LayoutEditor = lazy(loadEditor)

/** The document (half a megabyte for the demo stadium) is asked for while the head parses (bench/layout-editor). */
export const handle: PrefetchHandle<Route.ComponentProps['loaderData']> = {
  prefetch: ({ summary }) => [layoutPath(summary.id)],
}

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/**
 * `/backoffice/layout_editor/:layoutId` (issue 18): one version in the editor. The page carries only the
 * version's summary; the document is fetched by the browser, started by the page's inline script.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const list = await listLayouts(context.api)
  if (list.status !== 200) throw data(null, { status: 502 })
  const summary = list.data.layouts.find((l) => l.id === params.layoutId)
  if (!summary) throw data(null, { status: 404 })
  return { summary, editorFiles: lazyFilesOf('layout-editor') }
}

export default function LayoutEditorVersion({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('layouteditor')
  const { summary, editorFiles } = loaderData
  // The editor's files are asked for with the page's own modules, not once the page has run (issue 18).
  preloadFiles(editorFiles)
  return (
    <Container fluid px="md" py="md">
      <title>{`${summary.name} · ${t('list.title')} · Palco`}</title>
      <Stack gap="sm">
        <Stack gap={2}>
          <Anchor component={Link} to="/backoffice/layout_editor" size="sm">
            {t('editor.back')}
          </Anchor>
          <Title order={1} size="h2">
            {summary.name}
          </Title>
          <Text size="sm">
            {summary.venueName} · {t(`kinds.${summary.kind}`)}
          </Text>
        </Stack>
        <Suspense
          fallback={
            <Group gap="xs" role="status">
              <Loader size="sm" />
              <Text size="sm">{t('editor.loading')}</Text>
            </Group>
          }
        >
          <LayoutEditor key={summary.id} summary={summary} />
        </Suspense>
      </Stack>
    </Container>
  )
}
