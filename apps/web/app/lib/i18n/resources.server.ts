import type { Resource } from 'i18next'

// The server renders from the bundled files; the browser fetches the same files by URL.
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
})

export const resources: Resource = {}
for (const [file, content] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file)
  if (!match) continue
  const [, lng = '', ns = ''] = match
  resources[lng] ??= {}
  resources[lng][ns] = content
}
