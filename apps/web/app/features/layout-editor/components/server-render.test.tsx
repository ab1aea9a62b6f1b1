import { MantineProvider } from '@mantine/core'
import type { Layout } from '@palco/domain/seating/layout'
import type { LayoutProblem } from '@palco/domain/seating/layout-validation'
import { DEFAULT_SECTION_NAME } from '@palco/domain/seating/layout-vocabulary'
import i18next from 'i18next'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { smallLayout } from '../../../lib/seat-map/model/layout-fixtures'
import enErrors from '../../../locales/en-US/errors.json'
import enUS from '../../../locales/en-US/layouteditor.json'
import esErrors from '../../../locales/es-CO/errors.json'
import esCO from '../../../locales/es-CO/layouteditor.json'
import { type EditorSelection, EMPTY_SELECTION } from '../model/selection'
import { EditorToolbar, MarkLegend, ShortcutList } from './editor-toolbar'
import { LayoutList } from './layout-list'
import { PropertiesPanel } from './properties-panel'
import { SectionTree } from './section-tree'
import { ValidationPanel } from './validation-panel'

// Every text of the editor's panels exists in both languages: a missing key would show as "props.x".
const RAW_KEY =
  /\b(?:list|new|import|editor|toolbar|canvas|tree|props|numbering|add|check|problems|problem_names|shortcuts|keys|legend|status|kinds)\.[a-z_]+/

const layout = {
  ...smallLayout(),
  shapes: [
    {
      id: 'label',
      type: 'text' as const,
      name: '',
      fill: '#000',
      strokeWidth: 0,
      animation: 'no_animation' as const,
      draggable: false,
      isDisabled: false,
      x: 5,
      y: 5,
      text: 'Norte',
    },
  ],
}
const problems: LayoutProblem[] = [
  {
    severity: 'error',
    code: 'DUPLICATE_SEAT',
    target: { kind: 'seat', section: 'A', row: 'B', seat: 2 },
    params: {},
  },
  { severity: 'warning', code: 'UNNAMED_SECTION', target: { kind: 'section', section: 'B' }, params: {} },
  {
    severity: 'warning',
    code: 'SHAPE_OUTSIDE_CANVAS',
    target: { kind: 'shape', shape: 'label' },
    params: {},
  },
  { severity: 'warning', code: 'OVERLAPPING_SEATS', target: { kind: 'layout' }, params: { more: 12 } },
]
const noop = () => {}
const selections: Record<string, EditorSelection> = {
  layout: EMPTY_SELECTION,
  section: { ...EMPTY_SELECTION, sections: new Set(['A']) },
  seats: { ...EMPTY_SELECTION, seats: new Map([['B', [0, 1]]]) },
  shape: { ...EMPTY_SELECTION, shapes: new Set(['label']) },
  stage: { ...EMPTY_SELECTION, stage: true },
  mixed: { ...EMPTY_SELECTION, sections: new Set(['GENERAL']), stage: true },
}

describe.each([
  ['es-CO', esCO, esErrors],
  ['en-US', enUS, enErrors],
] as const)('the editor in %s', (lng, texts, errors) => {
  const i18n = i18next.createInstance()
  void i18n.use(initReactI18next).init({
    lng,
    resources: { [lng]: { layouteditor: texts, errors } },
    ns: ['layouteditor', 'errors'],
    defaultNS: 'layouteditor',
    interpolation: { escapeValue: false },
  })
  const render = (node: ReactNode) =>
    renderToString(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <MemoryRouter>{node}</MemoryRouter>
        </MantineProvider>
      </I18nextProvider>,
    )

  it.each(Object.keys(selections))('renders the properties of a %s selection', (kind) => {
    const html = render(
      <PropertiesPanel
        doc={layout}
        selection={selections[kind] as EditorSelection}
        readOnly={kind === 'mixed'}
        commit={noop}
        onSelect={noop}
      />,
    )
    expect(html).not.toMatch(RAW_KEY)
  })

  it('shows the default section under its name in the page’s language; the stored name stays', () => {
    const fresh = {
      ...layout,
      sections: [{ ...smallLayout().sections[1], code: 'GENERAL', name: DEFAULT_SECTION_NAME, capacity: 0 }],
    } as Layout
    const html = render(<SectionTree doc={fresh} selection={EMPTY_SELECTION} onSelect={noop} />)
    expect(html).toContain(lng === 'en-US' ? 'No section' : 'Sin Sección')
    if (lng === 'en-US') expect(html).not.toContain(DEFAULT_SECTION_NAME)
  })

  it('says in words, in a status line, that the check is running; the spinner is decoration', () => {
    const html = render(<ValidationPanel problems={null} onShow={noop} />)
    const status = /<div role="status"[^>]*>(.*?)<\/div>/s.exec(html)?.[1] ?? ''
    expect(status).toContain(texts.check.running)
    // axe's aria-prohibited-attr: a name on an element with no role is read by nothing.
    expect(html).not.toContain(`aria-label="${texts.check.running}"`)
  })

  it('renders the tree, the check, the toolbar and the lists', () => {
    const html = render(
      <>
        <SectionTree doc={layout} selection={selections.section as EditorSelection} onSelect={noop} />
        <ValidationPanel problems={problems} onShow={noop} />
        <EditorToolbar
          tool="select"
          readOnly={false}
          hasSelection
          canUndo
          canRedo={false}
          undoLabel={null}
          redoLabel={null}
          run={noop}
        />
        <ShortcutList />
        <MarkLegend
          colors={{
            selection: '#000',
            halo: '#fff',
            band: '#00f',
            frame: '#888',
            marks: {
              PREFERENTIAL: '#f80',
              EXCLUSIVE: '#80f',
              BLOCKED: '#000',
              RELEASED: '#0a0',
              WHEELCHAIR: '#06c',
              COMPANION: '#09a',
            },
          }}
        />
        <LayoutList
          locale={lng}
          venues={[{ id: 'v', name: 'Teatro', city: 'Bogotá', country: 'COL' }]}
          layouts={[
            {
              id: 'l',
              venueId: 'v',
              venueName: 'Teatro',
              name: 'Sala',
              kind: 'Tribune_selection',
              version: 2,
              status: 'PUBLISHED',
              seatCount: 1200,
              updatedAt: '2026-03-01T12:00:00Z',
              eventCount: 1,
            },
          ]}
        />
      </>,
    )
    expect(html).not.toMatch(RAW_KEY)
    expect(html).toContain('role="tree"')
    expect(html).toContain('role="treeitem"')
  })
})
