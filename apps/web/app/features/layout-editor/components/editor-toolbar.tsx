import { Button, Group, Kbd, Table, Text } from '@mantine/core'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { type EditorCommand, type EditorTool, ROTATE_STEP, SHORTCUT_LIST } from '../model/shortcuts'
import classes from './layout-editor.module.css'
import { MARK_KINDS, type MarkKind, type OverlayColors } from './overlay-paint'

export interface ToolbarProps {
  tool: EditorTool
  readOnly: boolean
  hasSelection: boolean
  canUndo: boolean
  canRedo: boolean
  undoLabel: string | null
  redoLabel: string | null
  /** Runs a command, as its keyboard shortcut would. */
  run: (command: EditorCommand) => void
}

const TOOLS: readonly EditorTool[] = ['select', 'pan', 'polygon']

/** Tools and the operations on the selection, each also a keyboard shortcut (listed below the canvas). */
export const EditorToolbar = memo(function EditorToolbar(props: ToolbarProps) {
  const { run } = props
  const { t } = useTranslation('layouteditor')
  const editDisabled = props.readOnly || !props.hasSelection
  return (
    <Group gap="xs" wrap="wrap" role="toolbar" aria-label={t('toolbar.label')} data-testid="layout-toolbar">
      <Group gap={4} role="group" aria-label={t('toolbar.tools')}>
        {TOOLS.map((tool) => (
          <Button
            key={tool}
            size="compact-sm"
            variant={props.tool === tool ? 'filled' : 'default'}
            aria-pressed={props.tool === tool}
            disabled={tool === 'polygon' && props.readOnly}
            onClick={() => run({ type: 'tool', tool })}
            data-testid={`layout-tool-${tool}`}
          >
            {t(`toolbar.tool_${tool}`)}
          </Button>
        ))}
      </Group>
      <Group gap={4} role="group" aria-label={t('toolbar.history')}>
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => run({ type: 'undo' })}
          disabled={props.readOnly || !props.canUndo}
          title={props.undoLabel ?? undefined}
          data-testid="layout-undo"
        >
          {t('toolbar.undo')}
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => run({ type: 'redo' })}
          disabled={props.readOnly || !props.canRedo}
          title={props.redoLabel ?? undefined}
          data-testid="layout-redo"
        >
          {t('toolbar.redo')}
        </Button>
      </Group>
      <Group gap={4} role="group" aria-label={t('toolbar.selection')}>
        <Button
          size="compact-sm"
          variant="default"
          disabled={editDisabled}
          onClick={() => run({ type: 'rotate', degrees: -ROTATE_STEP })}
        >
          {t('toolbar.rotate_ccw')}
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          disabled={editDisabled}
          onClick={() => run({ type: 'rotate', degrees: ROTATE_STEP })}
        >
          {t('toolbar.rotate_cw')}
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          disabled={editDisabled}
          onClick={() => run({ type: 'mirror' })}
        >
          {t('toolbar.mirror')}
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          disabled={editDisabled}
          onClick={() => run({ type: 'duplicate' })}
          data-testid="layout-duplicate"
        >
          {t('toolbar.duplicate')}
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          color="red"
          disabled={editDisabled}
          onClick={() => run({ type: 'delete' })}
          data-testid="layout-delete"
        >
          {t('toolbar.delete')}
        </Button>
      </Group>
    </Group>
  )
})

const KEY_WORDS = new Set(['mod', 'arrows', 'drag', 'shift_click', 'wheel', 'space_drag'])

/** The keyboard shortcuts, in a disclosure under the canvas. */
export const ShortcutList = memo(function ShortcutList() {
  const { t } = useTranslation('layouteditor')
  return (
    <details data-testid="layout-shortcuts">
      <summary>
        <Text span fw={600}>
          {t('shortcuts.title')}
        </Text>
      </summary>
      <Table mt="xs" striped withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('shortcuts.keys')}</Table.Th>
            <Table.Th scope="col">{t('shortcuts.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SHORTCUT_LIST.map((s) => (
            <Table.Tr key={`${s.keys.join('+')}-${s.action}`}>
              <Table.Td className={classes.kbd}>
                {s.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && ' + '}
                    <Kbd size="xs">{KEY_WORDS.has(k) ? t(`keys.${k}`) : k}</Kbd>
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{t(`shortcuts.actions.${s.action}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </details>
  )
})

/** What the overlay's seat marks mean: each has its own form as well as its colour. */
export const MarkLegend = memo(function MarkLegend(props: { colors: OverlayColors }) {
  const { t } = useTranslation('layouteditor')
  const glyph = (kind: MarkKind) => {
    const c = props.colors.marks[kind]
    const common = { fill: 'none', stroke: c, strokeWidth: 1.6 }
    switch (kind) {
      case 'BLOCKED':
        return <path d="M3 3l8 8M11 3l-8 8" {...common} />
      case 'WHEELCHAIR':
        return <rect x="2.5" y="2.5" width="9" height="9" {...common} />
      case 'COMPANION':
        return <rect x="4" y="4" width="6" height="6" {...common} />
      case 'RELEASED':
        return <path d="M2 11h10" {...common} />
      case 'PREFERENTIAL':
        return <circle cx="7" cy="7" r="5" {...common} />
      case 'EXCLUSIVE':
        return <circle cx="7" cy="7" r="3" {...common} />
    }
  }
  return (
    <ul className={classes.legend} aria-label={t('legend.label')}>
      {MARK_KINDS.map((kind) => (
        <li key={kind} className={classes.legendItem}>
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
            {glyph(kind)}
          </svg>
          <Text span size="xs">
            {t(`legend.${kind}`)}
          </Text>
        </li>
      ))}
    </ul>
  )
})
