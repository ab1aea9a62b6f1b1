// @ts-check
// The seat-map benchmark's 100,000-seat venue (bench/seatmap/generate-layout.ts, validated by
// generate-data.ts) for benchmarks that run in Node: its TypeScript is built for Node with Vite (the
// domain's source through the `@palco/source` condition, as the web build resolves it), then imported.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { ROOT } from './paths.mjs'

/**
 * `benchData()` of bench/seatmap/generate-data.ts: `{ layout, availability, seats }`.
 * @param {string} outDir where the built module is written (a git-ignored folder under bench/.out)
 */
export async function benchData(outDir) {
  const conditions = ['@palco/source']
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    resolve: { conditions },
    ssr: { noExternal: true, resolve: { conditions, externalConditions: conditions } },
    build: {
      ssr: path.join(ROOT, 'bench/seatmap/generate-data.ts'),
      outDir,
      emptyOutDir: true,
      target: 'node20',
    },
  })
  const mod = await import(pathToFileURL(path.join(outDir, 'generate-data.js')).href)
  return mod.benchData()
}
