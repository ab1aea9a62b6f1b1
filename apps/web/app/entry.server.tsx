import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { type AppLoadContext, type EntryContext, ServerRouter } from 'react-router'
import { earlyTapScript } from './lib/early-tap'
import { createServerI18n } from './lib/i18n/i18n.server'
import { lazyFilesOf } from './lib/lazy-files'
import { hydrationFilesOf, paintFirstStream } from './lib/paint-first'
import { prefetchPathsOf } from './lib/prefetch'

export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const i18n = createServerI18n(loadContext.locale)
  const nonce = loadContext.cspNonce

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    // Crawlers get the whole page at once, so link previews see the finished document.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={i18n}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </I18nextProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId)
              timeoutId = undefined
              callback()
            },
          })
          // A visitor who leaves mid-page (a tap on a link while the page streams) makes the response stream
          // cancel this one with an error, after React Router's reader has stopped listening for errors: left
          // unheard, that error would end the whole server process. The render has no one to write to.
          body.on('error', () => abort())
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          // The page paints before its scripts run (lib/paint-first.ts); a tap meanwhile is kept for them
          // (lib/early-tap.ts). What hydration runs downloads while the page paints, and so does the account
          // menu's chunk on a signed-in page (the header preloads it only then): its button is the header's
          // first script-driven control.
          // A page whose head starts its API reads (the seat map, the layout editor: lib/prefetch.ts) needs
          // them before its code, and the browser's preload scanner would ask for preloads in the head first:
          // there the modules still wait for the first frame.
          const { matches, loaderData } = routerContext.staticHandlerContext
          const readsFirst =
            prefetchPathsOf(
              matches.map((m) => ({
                handle: routerContext.routeModules[m.route.id]?.handle,
                loaderData: loaderData[m.route.id],
              })),
            ).length > 0
          const early = readsFirst ? [] : [...hydrationFilesOf(routerContext), ...lazyFilesOf('account-menu')]
          const paintFirst = paintFirstStream(earlyTapScript(nonce), early)
          paintFirst.pipe(body)
          pipe(paintFirst)
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
  })
}
