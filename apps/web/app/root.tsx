import './styles/mantine-page'
import './lib/load-context'
import { Button, Container, MantineProvider, Stack, Text, Title } from '@mantine/core'
import { deviceFromUserAgent } from '@palco/domain/web/device'
import { useLayoutEffect } from 'react'
import { useTranslation } from 'react-i18next'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import { markHydrated } from './lib/early-tap'
import { PageResources } from './lib/i18n/page-resources'
import { cssVariablesResolver, mantineTheme } from './lib/mantine-theme'
import { prefetchCode, prefetchPathsOf } from './lib/prefetch'
import { themeFromCookieHeader } from './lib/theme'

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    country: context.country,
    locale: context.locale,
    device: deviceFromUserAgent(request.headers.get('user-agent')),
    theme: themeFromCookieHeader(request.headers.get('cookie')),
    config: context.config,
    session: context.session,
    nonce: context.cspNonce,
  }
}

export type RootData = Awaited<ReturnType<typeof loader>>

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>('root')
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData()
  const theme = data?.theme ?? 'light'
  // Hydration is committed (the document's layout effect runs last in the commit, before the browser paints
  // or the passive effects run): taps kept before it may be replayed.
  useLayoutEffect(() => markHydrated(window), [])
  return (
    <html lang={data?.locale ?? 'es-CO'} data-mantine-color-scheme={theme} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={theme === 'dark' ? '#1a1b1e' : '#ffffff'} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <HeadPrefetch nonce={data?.nonce} />
        <Meta />
        <Links />
      </head>
      <body>
        <MantineProvider
          theme={mantineTheme}
          cssVariablesResolver={cssVariablesResolver}
          forceColorScheme={theme}
        >
          {children}
        </MantineProvider>
        {/* After the page, so it carries the texts the page was rendered with (read before hydration). */}
        <PageResources nonce={data?.nonce} />
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  )
}

/**
 * Starts the API reads the matched routes name in their `handle.prefetch` while the head parses, before
 * the stylesheets, which an inline script would otherwise wait for (lib/prefetch.ts). Runs only in the
 * server's page: React neither runs it again on the client nor on a client-side navigation, where the
 * page's modules are already there to ask.
 */
function HeadPrefetch({ nonce }: { nonce: string | undefined }) {
  const paths = prefetchPathsOf(useMatches())
  if (paths.length === 0) return null
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own code, paths JSON-escaped by prefetchCode
      dangerouslySetInnerHTML={{ __html: prefetchCode(paths) }}
    />
  )
}

// Layout renders the document; the shell route draws header and footer.
export default function App() {
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  if (!notFound) console.error(error)
  return (
    <Container size="sm" py="xl">
      <title>{t(notFound ? 'notFound.title' : 'failure.title')}</title>
      <Stack gap="md" component="main">
        <Title order={1}>{t(notFound ? 'notFound.title' : 'failure.title')}</Title>
        <Text>{t(notFound ? 'notFound.body' : 'failure.body')}</Text>
        <div>
          <Button component="a" href="/">
            {t('actions.goHome')}
          </Button>
        </div>
      </Stack>
    </Container>
  )
}
