import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { conditions: ['@palco/source'] },
  ssr: { resolve: { conditions: ['@palco/source'], externalConditions: ['@palco/source'] } },
  build: {
    target: 'es2022',
    // Locale files stay separate URLs: fetched (and retried) by the i18n backend, cached immutably.
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
  },
})
