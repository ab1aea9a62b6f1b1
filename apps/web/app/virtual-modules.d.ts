/** Files of lazily imported modules, recorded by the browser build (vite.config.ts, lazyChunkPreloads). */
declare module 'virtual:lazy-chunks' {
  const assets: Readonly<Record<string, readonly string[]>>
  export default assets
}
