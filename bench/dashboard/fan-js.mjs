// The JavaScript each fans' route loads (issue 43 part 6: charts must not reach it), from the built client's
// React Router manifest: the entry, the route's module and its imports, gzipped. Back-office routes (under
// the back-office frame, the assistant, the layout editor) are left out.
//
//   node bench/dashboard/fan-js.mjs > before.json   (build, change, build again)
//   node bench/dashboard/fan-js.mjs before.json      (compares with a saved run)
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const assets = path.resolve('apps/web/build/client/assets')
const file = fs.readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f))
if (!file) throw new Error('no client manifest: run `npm run build` first')
const text = fs.readFileSync(path.join(assets, file), 'utf8')
const manifest = JSON.parse(text.slice(text.indexOf('=') + 1).replace(/;\s*$/, ''))
const gz = (url) => gzipSync(fs.readFileSync(path.join(assets, path.basename(url)))).length

/** A route and its parents: the modules a visit loads. */
function chain(id) {
  const out = []
  for (let r = manifest.routes[id]; r; r = manifest.routes[r.parentId]) out.push(r)
  return out
}
const backOffice = (id) => chain(id).some((r) => /backoffice|assistant|layout-editor|operators/i.test(r.id))

const routes = {}
for (const id of Object.keys(manifest.routes)) {
  if (backOffice(id)) continue
  const files = new Set([manifest.entry.module, ...manifest.entry.imports])
  for (const r of chain(id)) for (const f of [r.module, ...(r.imports ?? [])]) files.add(f)
  const list = [...files].sort()
  const sizes = Object.fromEntries(list.map((f) => [path.basename(f), gz(f)]))
  routes[id] = { files: Object.keys(sizes), sizes, gzip: Object.values(sizes).reduce((a, n) => a + n, 0) }
}

const before = process.argv[2] && JSON.parse(fs.readFileSync(process.argv[2], 'utf8'))
if (!before) {
  process.stdout.write(`${JSON.stringify(routes, null, 1)}\n`)
} else {
  let changed = 0
  for (const [id, r] of Object.entries(routes)) {
    const b = before[id]
    const same = b && b.files.join() === r.files.join()
    if (!same) changed++
    console.log(`${same ? '=' : '≠'} ${id}: ${b ? b.gzip : '-'} → ${r.gzip} B gzipped`)
    if (b && !same) {
      // Chunks by name, hashes left out: which grew or shrank, and by how much.
      const byName = (sizes) =>
        Object.fromEntries(Object.entries(sizes).map(([f, n]) => [f.replace(/-[\w-]{8}\.js$/, ''), n]))
      const was = byName(b.sizes ?? {})
      const now = byName(r.sizes)
      const names = [...new Set([...Object.keys(was), ...Object.keys(now)])].sort()
      const moved = names
        .filter((n) => was[n] !== now[n])
        .map((n) => `${n} ${was[n] ?? '-'} → ${now[n] ?? '-'}`)
      console.log(`    ${moved.join('; ')}`)
    }
  }
  console.log(`${Object.keys(routes).length} fans' routes, ${changed} changed`)
}
