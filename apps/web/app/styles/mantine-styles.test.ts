import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The app imports Mantine's styles per component (mantine-page.ts) instead of the whole styles.css; these
// checks keep every Mantine component the app uses styled.

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
// @mantine/core's ESM entry is `<package>/esm/index.mjs`; its styles are `<package>/styles/*.css`.
const mantineEsm = path
  .dirname(createRequire(import.meta.url).resolve('@mantine/core/styles/Button.css'))
  .replace(/styles$/, 'esm')

/** Export name → the ESM file that defines it, from @mantine/core's index. */
const mantineExports = (() => {
  const index = fs.readFileSync(path.join(mantineEsm, 'index.mjs'), 'utf8')
  const map = new Map<string, string>()
  for (const m of index.matchAll(/import \{([^}]*)\} from "(\.\/[^"]+)"/g)) {
    for (const part of (m[1] ?? '').split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/)
      if (name) map.set((alias ?? name).trim(), path.join(mantineEsm, m[2] ?? ''))
    }
  }
  return map
})()

/** The style files (`styles/<Name>.css`) a Mantine module needs: its CSS modules and its imports'. */
function stylesOf(file: string, seen = new Set<string>(), out = new Set<string>()): Set<string> {
  if (seen.has(file)) return out
  seen.add(file)
  for (const m of fs.readFileSync(file, 'utf8').matchAll(/from "(\.[^"]+)"/g)) {
    const dep = path.resolve(path.dirname(file), m[1] ?? '')
    if (dep.endsWith('.module.mjs')) out.add(path.basename(dep, '.module.mjs'))
    else if (fs.existsSync(dep)) stylesOf(dep, seen, out)
  }
  return out
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : []
  })
}

const stylesImportedBy = (file: string) =>
  new Set(
    [...fs.readFileSync(file, 'utf8').matchAll(/import '@mantine\/core\/styles\/([A-Za-z]+)\.css'/g)].map(
      (m) => m[1] ?? '',
    ),
  )

const pageStyles = stylesImportedBy(path.join(appDir, 'styles/mantine-page.ts'))

/** Mantine components (values, not types) each source file imports. */
const usage = sourceFiles(appDir).map((file) => {
  const text = fs.readFileSync(file, 'utf8')
  const names = [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)].flatMap((m) =>
    (m[1] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s && !s.startsWith('type ')),
  )
  return { file: path.relative(appDir, file), names }
})

describe('Mantine styles per component', () => {
  it('root.tsx loads the page styles, not the whole of styles.css', () => {
    const root = fs.readFileSync(path.join(appDir, 'root.tsx'), 'utf8')
    expect(root).toContain("import './styles/mantine-page'")
    expect(root).not.toContain("'@mantine/core/styles.css'")
  })

  it('every file exists in @mantine/core', () => {
    for (const name of pageStyles)
      expect(fs.existsSync(path.join(mantineEsm, '../styles', `${name}.css`)), name).toBe(true)
  })

  it.each(usage.filter((u) => u.names.length > 0))('$file has the styles of what it renders', (u) => {
    const missing: string[] = []
    for (const name of u.names) {
      const file = mantineExports.get(name)
      if (!file) continue // hooks and helpers without a component of their own
      for (const style of stylesOf(file))
        if (!pageStyles.has(style)) missing.push(`${name} needs ${style}.css`)
    }
    // Add what is missing to styles/mantine-page.ts, in the order of Mantine's styles.css.
    expect(missing).toEqual([])
  })
})
