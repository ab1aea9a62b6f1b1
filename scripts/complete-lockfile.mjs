// Adds lockfile entries for the other platforms' builds of optional native packages (biome, rollup).
// The registry this project installs from serves only some of them, so `npm install` leaves them out of
// package-lock.json, and then `npm ci` refuses the lockfile as out of sync. An entry with `os`/`cpu` set is
// all `npm ci` needs: it never installs a build for another platform. Run after changing dependencies:
// `npm run lockfile:complete`.
import fs from 'node:fs'

const path = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(fs.readFileSync(path, 'utf8'))
const packages = lock.packages
const OSES = [
  'darwin',
  'win32',
  'linux',
  'android',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
]
const CPUS = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32']
const added = []

for (const [key, meta] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(meta.optionalDependencies ?? {})) {
    const root = `node_modules/${name}`
    if (packages[`${key ? `${key}/` : ''}node_modules/${name}`] || packages[root]) continue
    const version = /^[\^~]?(\d+\.\d+\.\d+\S*)$/.exec(spec)?.[1]
    if (!version) continue
    const lower = name.toLowerCase()
    const entry = { version, optional: true, ...(meta.dev ? { dev: true } : {}) }
    const os = OSES.find((o) => lower.includes(o))
    if (os) entry.os = [os]
    const cpu = CPUS.find((c) => new RegExp(`(^|[-/_])${c}($|[-_])`).test(lower))
    if (cpu) entry.cpu = [cpu]
    if (lower.includes('musl')) entry.libc = ['musl']
    else if (lower.includes('gnu')) entry.libc = ['glibc']
    packages[root] = entry
    added.push(root)
  }
}

const sorted = Object.keys(packages).sort((a, b) =>
  a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0,
)
lock.packages = Object.fromEntries(sorted.map((k) => [k, packages[k]]))
fs.writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`)
console.log(added.length ? `added ${added.length} entries: ${added.join(', ')}` : 'lockfile already complete')
