import type { ServerContext } from '@palco/domain/web/server-context'

// Loaders and actions receive the server's context (apps/api/src/plugins/web.ts builds it).
declare module 'react-router' {
  interface AppLoadContext extends ServerContext {}
}
