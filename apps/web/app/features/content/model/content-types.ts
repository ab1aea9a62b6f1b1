import type { Country } from '@palco/domain/locale/country'
import { countryShortOf } from '@palco/domain/locale/country-settings'

/** A legal text (terms, privacy) as stored in the public content folder, one file per country. */
export interface LegalDocument {
  title: string
  updatedAt: string
  intro: string
  sections: { id: string; heading: string; paragraphs: string[]; items?: string[] }[]
}

export interface FaqDocument {
  title: string
  groups: { id: string; title: string; items: { id: string; question: string; answer: string }[] }[]
}

export interface AboutDocument {
  title: string
  lead: string
  sections: { id: string; heading: string; paragraphs: string[] }[]
}

/** Spec §2: terms and privacy each have a COL and a MEX version; FAQs are per-country JSON files. */
export function contentPath(kind: 'tos' | 'privacy' | 'faqs' | 'about', country: Country): string {
  const short = countryShortOf(country)
  switch (kind) {
    case 'tos':
      return `legal/tos-${short}.json`
    case 'privacy':
      return `legal/privacy-${short}.json`
    case 'faqs':
      return `faqs/${short}.json`
    case 'about':
      return `about/${short}.json`
  }
}
