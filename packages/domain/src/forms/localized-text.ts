/**
 * Form texts in the site's language, apart from the form's schema so a page can show a form without loading
 * zod.
 */

/** The languages a form's texts are written in: es on the Colombian site, en on the Mexican one. */
export const FORM_LANGUAGES = ['es', 'en'] as const
export type FormLanguage = (typeof FORM_LANGUAGES)[number]

/**
 * A text an organiser writes on a form (label, help, option, a READONLY field's text such as a waiver): one
 * per language, or one of them only, or one text for every language (forms saved before a READONLY text
 * could be written per language hold a plain string, and still parse).
 */
export type LocalizedText = string | Partial<Record<FormLanguage, string>>

/**
 * A form text in the site's language (spec §2): the language's own when written, else the other one (a text
 * written once is better than none), else the text written for every language.
 */
export function textIn(text: LocalizedText | undefined, language: FormLanguage): string {
  if (text === undefined) return ''
  if (typeof text === 'string') return text
  return text[language] ?? text[language === 'es' ? 'en' : 'es'] ?? ''
}

/** The form language of a site's locale (es-CO → es; anything else → en). */
export const formLanguageOf = (locale: string): FormLanguage => (locale.startsWith('es') ? 'es' : 'en')
