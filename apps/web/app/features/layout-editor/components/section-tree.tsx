import { Paper, Title } from '@mantine/core'
import type { Layout, LayoutSection } from '@palco/domain/seating/layout'
import { type KeyboardEvent, memo, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sectionPaths } from '../model/document'
import { sectionNameText } from '../model/section-name'
import type { EditorSelection, EditorTarget } from '../model/selection'
import classes from './layout-editor.module.css'

/** One row of the tree: the stage, a section (nested ones under it), the shapes group or a shape. */
interface Node {
  id: string
  target: EditorTarget | null
  label: string
  detail: string
  color: string | null
  level: number
  parent: string | null
  children: Node[]
}

const SHAPES_GROUP = 'group:shapes'
const STAGE = 'stage'
const sectionId = (code: string) => `section:${code}`

/**
 * The layers of the layout as a tree (WAI-ARIA tree view): arrows move between visible rows, Right and
 * Left open, close or step in and out of nested sections, Home and End jump, Enter or Space selects (with
 * Shift: adds to the selection). The tree is the keyboard's way to everything the canvas draws.
 */
interface SectionTreeProps {
  doc: Layout
  selection: EditorSelection
  onSelect: (target: EditorTarget, additive: boolean) => void
}

/** What the tree shows of a document; moving or marking seats leaves it unchanged, and the tree too. */
function treeSignature(doc: Layout): string {
  const parts: (string | number)[] = [doc.stage.label, doc.stage.type]
  const visit = (list: readonly LayoutSection[], depth: number) => {
    for (const s of list) {
      let seats = 0
      for (const row of s.rows ?? []) seats += row.seats.length
      parts.push(depth, s.code, s.name, s.color, s.zoneType, String(s.numbered), s.capacity ?? -1, seats)
      if (s.sections) visit(s.sections, depth + 1)
    }
  }
  visit(doc.sections, 0)
  for (const shape of doc.shapes ?? [])
    parts.push(shape.id, shape.name, shape.type, shape.fill, shape.text ?? '')
  return parts.join('\u0001')
}

export const SectionTree = memo(
  SectionTreeView,
  (a, b) =>
    a.selection === b.selection && a.onSelect === b.onSelect && treeSignature(a.doc) === treeSignature(b.doc),
)

function SectionTreeView(props: SectionTreeProps) {
  const { t } = useTranslation('layouteditor')
  const { doc, selection } = props
  const titleId = useId()
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set([SHAPES_GROUP]))
  const [focused, setFocused] = useState<string>(STAGE)
  const items = useRef(new Map<string, HTMLLIElement>())

  const roots = useMemo(() => {
    const sectionNode = (s: LayoutSection, level: number, parent: string | null): Node => {
      const id = sectionId(s.code)
      const places = s.numbered ? (s.rows ?? []).reduce((n, r) => n + r.seats.length, 0) : (s.capacity ?? 0)
      return {
        id,
        target: { kind: 'section', code: s.code },
        label: sectionNameText(s.name, t('tree.default_section')) || s.code,
        detail: t(s.numbered ? 'tree.seats' : s.zoneType === 'PARKING' ? 'tree.parking' : 'tree.capacity', {
          code: s.code,
          count: places,
        }),
        color: s.color,
        level,
        parent,
        children: (s.sections ?? []).map((n) => sectionNode(n, level + 1, id)),
      }
    }
    const stage: Node = {
      id: STAGE,
      target: { kind: 'stage' },
      label: doc.stage.label || t('tree.stage'),
      detail: t(`stage_types.${doc.stage.type}`),
      color: null,
      level: 1,
      parent: null,
      children: [],
    }
    const shapes = doc.shapes ?? []
    const group: Node = {
      id: SHAPES_GROUP,
      target: null,
      label: t('tree.shapes'),
      detail: t('tree.shape_count', { count: shapes.length }),
      color: null,
      level: 1,
      parent: null,
      children: shapes.map((s) => ({
        id: `shape:${s.id}`,
        target: { kind: 'shape', id: s.id },
        label: s.name || (s.type === 'text' && s.text) || s.id,
        detail: t(`shape_types.${s.type}`),
        color: s.type === 'text' ? null : s.fill,
        level: 2,
        parent: SHAPES_GROUP,
        children: [],
      })),
    }
    return [stage, ...doc.sections.map((s) => sectionNode(s, 1, null)), ...(shapes.length ? [group] : [])]
  }, [doc, t])

  const visible = useMemo(() => {
    const out: Node[] = []
    const walk = (list: Node[]) => {
      for (const n of list) {
        out.push(n)
        if (n.children.length && expanded.has(n.id)) walk(n.children)
      }
    }
    walk(roots)
    return out
  }, [roots, expanded])
  const byId = useMemo(() => new Map(visible.map((n) => [n.id, n])), [visible])

  // Something selected on the canvas inside a closed section: its ancestors open so the row can be seen.
  useEffect(() => {
    if (selection.sections.size !== 1) return
    const [code] = selection.sections
    const path = code ? sectionPaths(doc).get(code) : undefined
    if (!path || path.length < 2) return
    const ancestors: string[] = []
    let list = doc.sections
    for (const i of path.slice(0, -1)) {
      const s = list[i]
      if (!s) return
      ancestors.push(sectionId(s.code))
      list = s.sections ?? []
    }
    setExpanded((e) => (ancestors.every((a) => e.has(a)) ? e : new Set([...e, ...ancestors])))
  }, [selection, doc])

  const isSelected = (n: Node): boolean => {
    const target = n.target
    if (!target) return false
    if (target.kind === 'section') return selection.sections.has(target.code)
    if (target.kind === 'shape') return selection.shapes.has(target.id)
    return target.kind === 'stage' && selection.stage
  }

  const current = byId.has(focused) ? focused : (visible[0]?.id ?? STAGE)

  const moveTo = (id: string | undefined) => {
    if (!id) return
    setFocused(id)
    items.current.get(id)?.focus()
  }
  const toggle = (id: string, open?: boolean) =>
    setExpanded((e) => {
      const next = new Set(e)
      if (open ?? !e.has(id)) next.add(id)
      else next.delete(id)
      return next
    })

  const activate = (n: Node, additive: boolean) => {
    if (n.target) props.onSelect(n.target, additive)
    else toggle(n.id)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>, node: Node) => {
    const index = visible.findIndex((n) => n.id === node.id)
    const open = expanded.has(node.id)
    switch (e.key) {
      case 'ArrowDown':
        moveTo(visible[index + 1]?.id)
        break
      case 'ArrowUp':
        moveTo(visible[index - 1]?.id)
        break
      case 'ArrowRight':
        if (node.children.length && !open) toggle(node.id, true)
        else if (node.children.length) moveTo(node.children[0]?.id)
        break
      case 'ArrowLeft':
        if (node.children.length && open) toggle(node.id, false)
        else moveTo(node.parent ?? undefined)
        break
      case 'Home':
        moveTo(visible[0]?.id)
        break
      case 'End':
        moveTo(visible[visible.length - 1]?.id)
        break
      case 'Enter':
      case ' ':
        activate(node, e.shiftKey)
        break
      default:
        return
    }
    // Handled here: the editor's own shortcuts (arrows move the selection) must not see the key too.
    e.preventDefault()
    e.stopPropagation()
  }

  const render = (list: Node[]): ReactNode =>
    list.map((n, i) => {
      const open = expanded.has(n.id)
      return (
        <li
          key={n.id}
          ref={(el) => {
            if (el) items.current.set(n.id, el)
            else items.current.delete(n.id)
          }}
          role="treeitem"
          aria-label={`${n.label}, ${n.detail}`}
          aria-level={n.level}
          aria-setsize={list.length}
          aria-posinset={i + 1}
          aria-selected={isSelected(n)}
          aria-expanded={n.children.length ? open : undefined}
          tabIndex={n.id === current ? 0 : -1}
          className={classes.treeItem}
          data-testid="layout-tree-item"
          onFocus={(e) => {
            if (e.target === e.currentTarget) setFocused(n.id)
          }}
          onKeyDown={(e) => {
            if (e.target === e.currentTarget) onKeyDown(e, n)
          }}
          onClick={(e) => {
            // A click on a nested row must not also reach its parents' rows.
            e.stopPropagation()
            setFocused(n.id)
            if ((e.target as HTMLElement).dataset.twisty) toggle(n.id)
            else activate(n, e.shiftKey)
          }}
        >
          <div className={classes.treeRow} style={{ paddingInlineStart: `${(n.level - 1) * 16 + 4}px` }}>
            <span
              className={classes.twisty}
              aria-hidden="true"
              data-twisty={n.children.length ? 'yes' : undefined}
            >
              {n.children.length ? (open ? '▾' : '▸') : null}
            </span>
            {n.color && (
              <span className={classes.swatch} style={{ background: n.color }} aria-hidden="true" />
            )}
            <span className={classes.treeLabel}>
              {n.label} <small className={classes.treeDetail}>{n.detail}</small>
            </span>
          </div>
          {n.children.length > 0 && open && (
            // biome-ignore lint/a11y/useSemanticElements: nested rows of a tree view are its group (WAI-ARIA), not a form fieldset
            <ul role="group" className={classes.tree}>
              {render(n.children)}
            </ul>
          )}
        </li>
      )
    })

  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      className={classes.panel}
      component="section"
      aria-labelledby={titleId}
    >
      <Title order={2} size="h5" id={titleId} mb={6}>
        {t('tree.title')}
      </Title>
      <ul
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA tree view pattern, on list markup
        role="tree"
        aria-labelledby={titleId}
        aria-multiselectable="true"
        className={classes.tree}
        data-testid="layout-tree"
      >
        {render(roots)}
      </ul>
    </Paper>
  )
}
