// @ts-check
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
/** Logs and raw samples (git-ignored). */
export const OUT_DIR = path.join(ROOT, 'bench/.out/api')
export const BENCHMARKS_MD = path.join(ROOT, 'docs/benchmarks.md')
