import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import { z } from 'zod'
import { initClientI18n } from './lib/i18n/i18n.client'

// Zod's fast path compiles code with new Function, which our CSP forbids; the plain path is enough here.
z.config({ jitless: true })

// The texts must be loaded before hydration, or the first client render would differ from the server's.
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
