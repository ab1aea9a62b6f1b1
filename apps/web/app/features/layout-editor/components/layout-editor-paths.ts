type Translate = (key: string, options?: Record<string, unknown>) => string

/** The editor's address for a layout version; the list links to it and saving a new version moves to it. */
export const editorPath = (id: string) => `/backoffice/layout_editor/${encodeURIComponent(id)}`

/** Why a layout.json file was refused, in the page's language, naming where in the file. */
export function importReasonText(t: Translate, reason: string, path: string): string {
  const text = t(`import.reasons.${reason}`, { defaultValue: t('import.reasons.INVALID') })
  return path ? `${text} ${t('import.at_path', { path })}` : text
}
