import lazyChunks from 'virtual:lazy-chunks'
import { preload, preloadModule } from 'react-dom'

/** Lazily imported modules the server can name the files of (vite.config.ts, LAZY_PRELOADS). */
export type LazyModule = 'seat-map' | 'account-menu' | 'layout-editor'

/**
 * A lazy module's files, for a loader to hand to its page. Known only to the server build: in the browser
 * (and in development) the list is empty, and the module loads when first imported, as before.
 */
export const lazyFilesOf = (name: LazyModule): readonly string[] => lazyChunks[name] ?? []

/**
 * Asks for `files` with the page's own modules: React writes them as preloads in the server's page (which
 * paint-first.ts sends after the first paint, with the rest), or adds them to the head on a client-side
 * navigation. Call while rendering.
 */
export function preloadFiles(files: readonly string[]): void {
  for (const href of files) {
    if (href.endsWith('.css')) preload(href, { as: 'style' })
    else preloadModule(href, { as: 'script' })
  }
}
