import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import { initClientI18n, loadRemainingNamespaces } from './lib/i18n/i18n.client'

// Zod's fast path compiles code with new Function, which our CSP forbids; the plain path is enough here.
// Set without importing zod, which only the pages with forms load: zod 4 keeps its configuration in this
// global and adopts an object already there (lib/zod-config.test.ts checks that it still does).
const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } }
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true }

// The texts must be in place before hydration, or the first client render would differ from the server's;
// the page carries the ones it was rendered with (lib/i18n/page-resources.tsx).
const i18n = await initClientI18n(document.documentElement.lang || 'es-CO')

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <HydratedRouter />
      </I18nextProvider>
    </StrictMode>,
  )
})

loadRemainingNamespaces(i18n)
