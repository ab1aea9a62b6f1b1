import { MantineProvider } from '@mantine/core'
import type { SavedCard } from '@palco/domain/checkout/contract'
import i18next from 'i18next'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import auth from '../../../locales/es-CO/auth.json'
import common from '../../../locales/es-CO/common.json'
import errors from '../../../locales/es-CO/errors.json'
import { SavedCards } from './saved-cards'

const i18n = i18next.createInstance()
await i18n.use(initReactI18next).init({
  lng: 'es-CO',
  resources: { 'es-CO': { auth, common, errors } },
  ns: ['auth', 'common', 'errors'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
})

const render = (node: ReactNode) =>
  renderToString(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>{node}</MantineProvider>
    </I18nextProvider>,
  ).replace(/<!-- -->/g, '')

const card: SavedCard = {
  id: '00000000-0000-4000-8000-000000000020',
  // As the sandbox names it; shown by its proper name.
  brand: 'visa',
  last4: '6260',
  createdAt: '2026-05-14T15:00:00.000Z',
}
const reload = async () => {}

describe('the profile’s saved cards (issue 16)', () => {
  it('lists each card: brand, last digits (read as words), the day it was saved, and a named remove button', () => {
    const html = render(<SavedCards cards={[card]} locale="es-CO" onRemoved={reload} />)
    expect(html).toContain('<ul')
    expect(html).toContain('Visa')
    expect(html).toContain('<span aria-hidden="true">•••• 6260</span>')
    expect(html).toContain('terminada en 6260')
    expect(html).toContain('Guardada el 14 de mayo')
    expect(html).toContain('aria-label="Quitar la tarjeta Visa terminada en 6260"')
    expect(html).not.toContain('data-testid="saved-cards-empty"')
  })

  it('says when there are none, and when they could not be read', () => {
    expect(render(<SavedCards cards={[]} locale="es-CO" onRemoved={reload} />)).toContain(
      'No tiene tarjetas guardadas.',
    )
    expect(render(<SavedCards cards={null} locale="es-CO" onRemoved={reload} />)).toContain(
      'No pudimos consultar sus tarjetas guardadas',
    )
  })
})
