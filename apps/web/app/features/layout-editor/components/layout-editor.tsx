import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  useComputedColorScheme,
  VisuallyHidden,
} from '@mantine/core'
import { flattenSections, type Layout } from '@palco/domain/seating/layout'
import type { LayoutSummary } from '@palco/domain/seating/layout-editor-contract'
import { readLayoutImport } from '@palco/domain/seating/layout-import'
import type { LayoutProblem } from '@palco/domain/seating/layout-validation'
import { type KeyboardEvent, useCallback, useEffect, useReducer, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useBlocker, useNavigate } from 'react-router'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { MutedText } from '../../../components/ui/muted-text'
import { type ApiError, asApiError } from '../../../lib/api-client'
import {
  exportLayoutPath,
  getLayout,
  importLayout,
  LayoutApiError,
  publishLayout,
  saveLayout,
} from '../api/layouts'
import { useLayoutProblems } from '../hooks/use-layout-problems'
import { newSectionCode, zoneSection } from '../model/blocks'
import { sectionByCode, sectionPaths } from '../model/document'
import { editorReducer, initialEditorState, isDirty, lastChange, type Recipe } from '../model/editor-state'
import { addSection } from '../model/edits'
import { selectionForProblem } from '../model/problem-target'
import { sectionNameText } from '../model/section-name'
import {
  type EditorSelection,
  type EditorTarget,
  EMPTY_SELECTION,
  isEmptySelection,
  selectionOf,
  toggleTarget,
} from '../model/selection'
import { commandOf, type EditorCommand, type EditorTool } from '../model/shortcuts'
import {
  deleteSelection,
  duplicateOffset,
  duplicateSelection,
  mirrorAbout,
  rotationAbout,
  selectionBounds,
  transformSelection,
  translation,
} from '../model/transforms'
import { AddPanel, type SectionOption } from './add-panel'
import { EditorCanvas, type EditorCanvasHandle } from './editor-canvas'
import { EditorToolbar, MarkLegend, ShortcutList } from './editor-toolbar'
import classes from './layout-editor.module.css'
import { editorPath, importReasonText } from './layout-editor-paths'
import { OVERLAY_COLORS } from './overlay-paint'
import { PropertiesPanel } from './properties-panel'
import { bakeOpacity } from './read-image'
import { SectionTree } from './section-tree'
import { useProblemText, ValidationPanel } from './validation-panel'

/** How far the view moves for an arrow key when nothing is selected, in CSS pixels. */
const PAN_STEP = 60

/**
 * The layout editor (issue 18): loads a version's document, then hands it to the workspace. The document
 * is fetched by the browser rather than carried in the page, since a stadium's is megabytes.
 */
export default function LayoutEditor(props: { summary: LayoutSummary }) {
  const { t } = useTranslation('layouteditor')
  const [loaded, setLoaded] = useState<{ id: string; doc: Layout } | null>(null)
  const [error, setError] = useState<ApiError | null>(null)
  const id = props.summary.id
  useEffect(() => {
    const abort = new AbortController()
    setError(null)
    getLayout(id, abort.signal)
      .then((detail) => setLoaded({ id, doc: detail.data }))
      .catch((err: unknown) => {
        if (!abort.signal.aborted) setError(asApiError(err))
      })
    return () => abort.abort()
  }, [id])
  if (error) return <ApiErrorAlert error={error} />
  if (!loaded || loaded.id !== id)
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">{t('editor.loading')}</Text>
      </Group>
    )
  return <Workspace key={id} summary={props.summary} doc={loaded.doc} />
}

type Notice = { kind: 'saved' | 'published' | 'imported'; warnings?: number } | null

function isEditable(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false
  const tag = el.tagName
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable) return true
  const role = el.getAttribute('role')
  return role === 'slider' || role === 'radio' || role === 'combobox' || role === 'spinbutton'
}

function Workspace(props: { summary: LayoutSummary; doc: Layout }) {
  const { t } = useTranslation('layouteditor')
  const navigate = useNavigate()
  const scheme = useComputedColorScheme('light')
  const [summary, setSummary] = useState(props.summary)
  const [state, dispatch] = useReducer(editorReducer, props.doc, initialEditorState)
  const [tool, setTool] = useState<EditorTool>('select')
  const [polygonParent, setPolygonParent] = useState<string | null>(null)
  const [busy, setBusy] = useState<'save' | 'publish' | 'version' | 'import' | null>(null)
  const [error, setError] = useState<ApiError | null>(null)
  const [importProblem, setImportProblem] = useState<string | null>(null)
  const [serverProblems, setServerProblems] = useState<LayoutProblem[]>([])
  const [notice, setNotice] = useState<Notice>(null)
  const [announcement, setAnnouncement] = useState('')
  const canvas = useRef<EditorCanvasHandle>(null)
  const problemText = useProblemText()

  const { doc, selection, history } = state
  const readOnly = summary.status === 'PUBLISHED'
  const dirty = isDirty(state)
  const { problems } = useLayoutProblems(doc)
  const hasErrors = problems?.some((p) => p.severity === 'error') ?? true

  // Unsaved work is not lost to a closed tab or a link followed by mistake.
  const dirtyRef = useRef(dirty)
  dirtyRef.current = dirty
  useEffect(() => {
    if (!dirty) return
    const warn = (e: BeforeUnloadEvent) => e.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
  )
  const leaveTo = (path: string) => {
    dirtyRef.current = false
    navigate(path)
  }

  const backgroundSrc = useBackground(doc.background)

  const commit = useCallback(
    (label: string, recipe: Recipe) => {
      if (readOnly) return
      setNotice(null)
      dispatch({ type: 'edit', label, recipe })
    },
    [readOnly],
  )
  const select = useCallback((next: EditorSelection) => dispatch({ type: 'select', selection: next }), [])

  useEffect(() => {
    if (!state.last) return
    const action = t(`actions.${state.last.label}`)
    const text = t(`history.${state.last.kind}`, { action })
    setAnnouncement((prev) => (prev === text ? `${text}\u200b` : text))
  }, [state.last, t])

  const showSelection = (next: EditorSelection | null) => {
    if (!next) {
      canvas.current?.fit()
      return
    }
    select(next)
    const b = selectionBounds(doc, next)
    if (b) canvas.current?.focusBounds(b, next.sections.size === 0 && next.seats.size > 0)
  }

  const latestSelection = useRef(selection)
  latestSelection.current = selection
  const docRef = useRef(doc)
  docRef.current = doc
  const onTreeSelect = useCallback(
    (target: EditorTarget, additive: boolean) => {
      const next = additive ? toggleTarget(latestSelection.current, target) : selectionOf(target)
      select(next)
      const b = selectionBounds(docRef.current, selectionOf(target))
      if (b && !additive) canvas.current?.focusBounds(b)
    },
    [select],
  )

  const run = (cmd: EditorCommand): boolean => {
    const sel = selection
    const empty = isEmptySelection(sel)
    switch (cmd.type) {
      case 'undo':
        if (!readOnly) dispatch({ type: 'undo' })
        return true
      case 'redo':
        if (!readOnly) dispatch({ type: 'redo' })
        return true
      case 'duplicate':
        if (!empty)
          commit('duplicate', (d, base) => duplicateSelection(d, base, sel, duplicateOffset(base, sel)))
        return true
      case 'delete':
        if (!empty)
          commit('delete', (d, base) => {
            deleteSelection(d, base, sel)
            return EMPTY_SELECTION
          })
        return !empty
      case 'rotate':
      case 'mirror': {
        const b = selectionBounds(doc, sel)
        if (!b) return true
        const cx = (b.minX + b.maxX) / 2
        const cy = (b.minY + b.maxY) / 2
        const m = cmd.type === 'rotate' ? rotationAbout(cmd.degrees, cx, cy) : mirrorAbout(cx)
        commit(cmd.type, (d, base) => void transformSelection(d, base, sel, m))
        return true
      }
      case 'nudge':
        if (empty || readOnly)
          canvas.current?.panBy(-Math.sign(cmd.dx) * PAN_STEP, -Math.sign(cmd.dy) * PAN_STEP)
        else commit('move', (d, base) => void transformSelection(d, base, sel, translation(cmd.dx, cmd.dy)))
        return true
      case 'zoom':
        if (cmd.to === 'in') canvas.current?.zoomIn()
        else if (cmd.to === 'out') canvas.current?.zoomOut()
        else canvas.current?.fit()
        return true
      case 'select_all':
        select({
          ...EMPTY_SELECTION,
          sections: new Set(doc.sections.map((s) => s.code)),
          shapes: new Set((doc.shapes ?? []).map((s) => s.id)),
        })
        return true
      case 'escape':
        if (canvas.current?.cancel()) return true
        if (tool !== 'select') setTool('select')
        else select(EMPTY_SELECTION)
        return true
      case 'finish':
        return tool === 'polygon' ? (canvas.current?.finishPolygon() ?? false) : false
      case 'tool':
        setTool(readOnly && cmd.tool === 'polygon' ? 'select' : cmd.tool)
        return true
    }
  }

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || isEditable(e.target)) return
    const cmd = commandOf(e)
    if (!cmd) return
    // Arrows and Delete act on the drawing only from the canvas or the tree, not from buttons and lists.
    const onCanvas =
      e.target instanceof HTMLElement && e.target.closest('[data-testid="layout-editor-canvas"]')
    const onTree = e.target instanceof HTMLElement && e.target.closest('[role="tree"]')
    if (cmd.type === 'nudge' && !onCanvas) return
    if (cmd.type === 'delete' && !onCanvas && !onTree) return
    if ((cmd.type === 'escape' || cmd.type === 'finish') && !onCanvas && tool === 'select') return
    if (run(cmd)) e.preventDefault()
  }

  const onPolygon = (points: number[]) => {
    const count = sectionPaths(doc).size + 1
    const parent = polygonParent && sectionByCode(doc, polygonParent) ? polygonParent : null
    commit('add_polygon', (d, base) => {
      const section = zoneSection(
        {
          code: newSectionCode(base, `ZONE_${count}`),
          name: t('add.polygon_name', { n: count }),
          color: '#5f3dc4',
        },
        points,
        0,
        'GRANDSTAND',
      )
      addSection(d, base, section, parent)
      return { ...EMPTY_SELECTION, sections: new Set([section.code]) }
    })
    setTool('select')
  }

  const fail = (err: unknown) => {
    const apiError = asApiError(err)
    setError(apiError)
    setServerProblems(err instanceof LayoutApiError ? err.problems : [])
  }

  const save = async (): Promise<LayoutSummary | null> => {
    setBusy('save')
    setError(null)
    setNotice(null)
    const at = lastChange(state)
    try {
      const saved = await saveLayout(summary.id, doc)
      dispatch({ type: 'saved', at })
      if (saved.id !== summary.id) {
        leaveTo(editorPath(saved.id))
        return null
      }
      setSummary(saved)
      setNotice({ kind: 'saved' })
      return saved
    } catch (err) {
      fail(err)
      return null
    } finally {
      setBusy(null)
    }
  }

  const publish = async () => {
    if (dirty && !(await save())) return
    setBusy('publish')
    setError(null)
    setServerProblems([])
    try {
      const published = await publishLayout(summary.id)
      setSummary(published)
      setTool('select')
      setNotice({ kind: 'published', warnings: published.problems?.length ?? 0 })
    } catch (err) {
      fail(err)
    } finally {
      setBusy(null)
    }
  }

  const newVersion = async () => {
    setBusy('version')
    setError(null)
    try {
      const draft = await saveLayout(summary.id, doc)
      leaveTo(editorPath(draft.id))
    } catch (err) {
      fail(err)
    } finally {
      setBusy(null)
    }
  }

  const importFile = async (file: File | null) => {
    if (!file) return
    setError(null)
    setImportProblem(null)
    const text = await file.text()
    const read = readLayoutImport(text)
    if (!read.ok) {
      setImportProblem(importReasonText(t, read.reason, read.path))
      return
    }
    setBusy('import')
    try {
      const created = await importLayout({ venueId: summary.venueId, name: summary.name, file: text })
      // Unsaved changes here are not part of the import: the page asks before leaving them.
      navigate(editorPath(created.id))
    } catch (err) {
      if (err instanceof LayoutApiError && err.reason)
        setImportProblem(importReasonText(t, err.reason, err.path ?? ''))
      else fail(err)
    } finally {
      setBusy(null)
    }
  }

  const selectedSection = selection.sections.size === 1 ? ([...selection.sections][0] ?? null) : null
  const undoLabel = history.done.at(-1)?.label
  const redoLabel = history.undone.at(-1)?.label
  const colors = OVERLAY_COLORS[scheme]

  // Stable inputs for the panels that need not re-render on every change (moves, marks).
  const getDoc = useCallback(() => docRef.current, [])
  const visibleCentre = useCallback(
    () =>
      canvas.current?.visibleCentre() ?? {
        x: docRef.current.canvas.width / 2,
        y: docRef.current.canvas.height / 2,
      },
    [],
  )
  const sections = useStableValue(sectionOptionsOf(doc, t('tree.default_section')))
  const startPolygon = useCallback(() => {
    setPolygonParent(selectedRef.current)
    setTool('polygon')
  }, [])
  const selectedRef = useRef(selectedSection)
  selectedRef.current = selectedSection
  const runRef = useRef(run)
  runRef.current = run
  const exec = useCallback((cmd: EditorCommand) => runRef.current(cmd), [])
  const onShowProblem = useCallback(
    (p: LayoutProblem) => showSelectionRef.current(selectionForProblem(docRef.current, p)),
    [],
  )
  const showSelectionRef = useRef(showSelection)
  showSelectionRef.current = showSelection

  return (
    // data-history-length: how many changes undo can take back, so a benchmark can tell when an edit is done.
    // biome-ignore lint/a11y/noStaticElementInteractions: the editor's keyboard shortcuts work from any of its parts
    <div
      onKeyDown={onKeyDown}
      data-testid="layout-editor"
      data-status={summary.status}
      data-dirty={dirty}
      data-history-length={history.done.length}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm">
          <Group gap="xs">
            <Badge color={readOnly ? 'teal.9' : 'gray.8'} variant="filled" data-testid="layout-status">
              {t(`status.${summary.status}`)}
            </Badge>
            <Text size="sm">{t('editor.version', { version: summary.version })}</Text>
            <MutedText size="sm" role="status">
              {readOnly ? t('editor.read_only') : dirty ? t('editor.unsaved') : t('editor.all_saved')}
            </MutedText>
          </Group>
          <Group gap="xs">
            {readOnly ? (
              <Button onClick={newVersion} loading={busy === 'version'} data-testid="layout-new-version">
                {t('editor.new_version')}
              </Button>
            ) : (
              <>
                <Button variant="default" onClick={save} loading={busy === 'save'} data-testid="layout-save">
                  {t('editor.save')}
                </Button>
                <Button
                  onClick={publish}
                  loading={busy === 'publish'}
                  disabled={hasErrors || busy !== null}
                  data-testid="layout-publish"
                  aria-describedby="layout-editor-notes"
                >
                  {t('editor.publish')}
                </Button>
              </>
            )}
            <Button
              component="a"
              variant="default"
              href={exportLayoutPath(summary.id)}
              download="layout.json"
              data-testid="layout-export"
            >
              {t('editor.export')}
            </Button>
            <FileButton onChange={importFile} accept="application/json,.json">
              {(p) => (
                <Button variant="default" loading={busy === 'import'} {...p} data-testid="layout-import">
                  {t('editor.import')}
                </Button>
              )}
            </FileButton>
          </Group>
        </Group>
        {/* Always there (one line kept even when empty), so the canvas does not jump at the first change. */}
        <MutedText size="xs" id="layout-editor-notes" style={{ minHeight: '1.5em' }} mt={-6}>
          {[
            !readOnly && hasErrors && problems !== null ? t('editor.publish_blocked') : '',
            dirty ? t('editor.export_saved_only') : '',
          ]
            .filter(Boolean)
            .join(' ')}
        </MutedText>
        {notice && (
          <Alert color="teal" variant="light" role="status" data-testid="layout-notice">
            {notice.kind === 'published'
              ? t('editor.published', { count: notice.warnings ?? 0 })
              : t(`editor.${notice.kind}`)}
          </Alert>
        )}
        {error && (
          <EditorError
            error={error}
            problems={serverProblems}
            problemText={problemText}
            onShow={(p) => showSelection(selectionForProblem(doc, p))}
          />
        )}
        {importProblem && (
          <Alert color="red" variant="light" role="alert" data-testid="layout-import-problem">
            {importProblem}
          </Alert>
        )}
        <EditorToolbar
          tool={tool}
          readOnly={readOnly}
          hasSelection={!isEmptySelection(selection)}
          canUndo={history.done.length > 0}
          canRedo={history.undone.length > 0}
          undoLabel={undoLabel ? t(`actions.${undoLabel}`) : null}
          redoLabel={redoLabel ? t(`actions.${redoLabel}`) : null}
          run={exec}
        />
        <div className={classes.workspace}>
          <div className={classes.canvasColumn}>
            <Stack gap="xs">
              <EditorCanvas
                ref={canvas}
                doc={doc}
                selection={selection}
                tool={tool}
                readOnly={readOnly}
                backgroundSrc={backgroundSrc}
                onSelect={select}
                onMove={(sel, dx, dy) =>
                  commit('move', (d, base) => void transformSelection(d, base, sel, translation(dx, dy)))
                }
                onPolygon={onPolygon}
              />
              <MarkLegend colors={colors} />
              <ShortcutList />
            </Stack>
          </div>
          <div className={classes.treeColumn}>
            <Stack gap="sm">
              <SectionTree doc={doc} selection={selection} onSelect={onTreeSelect} />
              {!readOnly && (
                <AddPanel
                  getDoc={getDoc}
                  sections={sections}
                  commit={commit}
                  selectedSection={selectedSection}
                  visibleCentre={visibleCentre}
                  startPolygon={startPolygon}
                  polygonParent={polygonParent}
                  onPolygonParent={setPolygonParent}
                />
              )}
            </Stack>
          </div>
          <div className={classes.propsColumn}>
            <Stack gap="sm">
              <PropertiesPanel
                doc={doc}
                selection={selection}
                readOnly={readOnly}
                commit={commit}
                onSelect={select}
              />
              <ValidationPanel problems={problems} onShow={onShowProblem} />
            </Stack>
          </div>
        </div>
      </Stack>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={t('editor.leave_title')}
        centered
      >
        <Stack gap="sm">
          <Text size="sm">{t('editor.leave_body')}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              {t('editor.stay')}
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              {t('editor.leave')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </div>
  )
}

function sectionOptionsOf(doc: Layout, defaultName: string): SectionOption[] {
  return flattenSections(doc.sections).map((s) => ({
    value: s.code,
    label: `${sectionNameText(s.name, defaultName)} (${s.code})`,
  }))
}

/** The previous value while the new one is equal in content, so memoised children keep their props. */
function useStableValue<T>(value: T): T {
  const kept = useRef(value)
  if (JSON.stringify(kept.current) !== JSON.stringify(value)) kept.current = value
  return kept.current
}

/** An API refusal: its translated code, the field paths of a refused document, the check's problems. */
function EditorError(props: {
  error: ApiError
  problems: LayoutProblem[]
  problemText: (p: LayoutProblem) => string
  onShow: (p: LayoutProblem) => void
}) {
  const { t, i18n } = useTranslation('layouteditor')
  const fields = Object.entries(props.error.fields)
  // A field's message is a validation key or a text rule's reason (layout-text) when the web knows it; the
  // schema's own English otherwise.
  const messageOf = (message: string) => {
    if (i18n.exists(`errors:fields.${message}`)) return t(`errors:fields.${message}`)
    if (i18n.exists(`layouteditor:editor.text_refused.${message}`)) return t(`editor.text_refused.${message}`)
    return t('editor.field_invalid')
  }
  const details = (
    <>
      {fields.length > 0 && (
        <Stack component="ul" gap={2} m={0} pl="md" data-testid="layout-error-fields">
          {fields.slice(0, 10).map(([path, message]) => (
            <Text component="li" size="sm" key={path}>
              {t('editor.field_problem', { path, message: messageOf(message) })}
            </Text>
          ))}
        </Stack>
      )}
      {props.problems.length > 0 && (
        <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
          {props.problems.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: problems have no identity of their own
            <li key={`${p.code}-${i}`}>
              <button type="button" className={classes.problemButton} onClick={() => props.onShow(p)}>
                {props.problemText(p)}
              </button>
            </li>
          ))}
        </Stack>
      )}
    </>
  )
  // The generic text of RULE_BROKEN speaks of an event's rules; a refused document is the layout's own.
  if (props.error.code === 'RULE_BROKEN' || props.error.code === 'VALIDATION_FAILED')
    return (
      <Alert color="red" variant="light" role="alert" data-error-code={props.error.code}>
        <Stack gap="xs">
          <span>{t('editor.document_refused')}</span>
          {details}
        </Stack>
      </Alert>
    )
  return <ApiErrorAlert error={props.error}>{details}</ApiErrorAlert>
}

/** The background image at its opacity, or null (no background, or still being prepared). */
function useBackground(background: Layout['background']): string | null {
  const [baked, setBaked] = useState<string | null>(null)
  const src = background?.src
  const opacity = background?.opacity ?? 1
  useEffect(() => {
    if (!src) {
      setBaked(null)
      return
    }
    let live = true
    void bakeOpacity(src, opacity).then((out) => {
      if (live) setBaked(out)
    })
    return () => {
      live = false
    }
  }, [src, opacity])
  return baked
}
