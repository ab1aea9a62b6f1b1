import {
  Button,
  Checkbox,
  FileButton,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Slider,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core'
import {
  flattenSections,
  type Layout,
  type LayoutSection,
  type LayoutShape,
} from '@palco/domain/seating/layout'
import type { RowNumbering, SeatNumbering } from '@palco/domain/seating/layout-numbering'
import { isSafeImageSource } from '@palco/domain/seating/layout-text'
import {
  HIGHLIGHT_ANIMATIONS,
  LAYOUT_KINDS,
  SEAT_ACCESSES,
  SEAT_ACCESSIBILITY,
  SEAT_RESTRICTIONS,
  STAGE_TYPES,
  VIEW_DIRECTIONS,
  ZONE_TYPES,
} from '@palco/domain/seating/layout-vocabulary'
import { type ReactNode, useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MutedText } from '../../../components/ui/muted-text'
import { renumberSection } from '../model/blocks'
import {
  allSectionCodes,
  allShapeIds,
  isWithin,
  seatCount,
  sectionByCode,
  sectionPaths,
} from '../model/document'
import type { Recipe } from '../model/editor-state'
import {
  commonSeatMark,
  reparentSection,
  type SeatMark,
  setNumbered,
  setSeatMark,
  updateLayout,
  updateSection,
  updateShape,
  updateStage,
} from '../model/edits'
import { sectionNameText } from '../model/section-name'
import { type EditorSelection, EMPTY_SELECTION, seatSelectionCount } from '../model/selection'
import { CommitColor, CommitNumber, CommitText } from './fields'
import classes from './layout-editor.module.css'
import { NumberingFields } from './numbering-fields'
import { readImageFile } from './read-image'

export type Commit = (label: string, recipe: Recipe) => void

interface PanelProps {
  doc: Layout
  selection: EditorSelection
  readOnly: boolean
  commit: Commit
  onSelect: (selection: EditorSelection) => void
}

const SECTION_CODE = /^[A-Za-z0-9_-]+$/

/**
 * What is selected, and its properties: a section, seats (their marks), a shape, the stage, or, with
 * nothing selected, the layout itself. Every change is one undoable step.
 */
export function PropertiesPanel(props: PanelProps) {
  const { t } = useTranslation('layouteditor')
  const titleId = useId()
  const { doc, selection: sel } = props
  const seats = seatSelectionCount(sel)
  const onlySection = sel.sections.size === 1 && seats === 0 && sel.shapes.size === 0 && !sel.stage
  const onlyShape = sel.shapes.size === 1 && sel.sections.size === 0 && seats === 0 && !sel.stage
  const onlyStage = sel.stage && sel.sections.size === 0 && seats === 0 && sel.shapes.size === 0
  const nothing = sel.sections.size === 0 && seats === 0 && sel.shapes.size === 0 && !sel.stage
  const section = onlySection ? sectionByCode(doc, [...sel.sections][0] ?? '') : undefined
  const shape = onlyShape ? doc.shapes?.find((s) => sel.shapes.has(s.id)) : undefined
  const seatsCovered =
    seats + [...sel.sections].reduce((n, code) => n + numberedSeatsIn(sectionByCode(doc, code)), 0)

  let body: ReactNode
  if (nothing) body = <LayoutProperties {...props} />
  else if (section) body = <SectionProperties {...props} section={section} />
  else if (shape) body = <ShapeProperties {...props} shape={shape} />
  else if (onlyStage) body = <StageProperties {...props} />
  // Seats alone: their panel below says how many.
  else if (sel.sections.size === 0 && sel.shapes.size === 0 && !sel.stage) body = null
  else
    body = (
      <MutedText size="sm" data-testid="layout-selection-summary">
        {t('props.summary', {
          sections: sel.sections.size,
          seats,
          shapes: sel.shapes.size,
        })}
      </MutedText>
    )

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      className={classes.panel}
      component="section"
      aria-labelledby={titleId}
    >
      <Stack gap="sm">
        <Title order={2} size="h5" id={titleId}>
          {nothing ? t('props.layout_title') : t('props.title')}
        </Title>
        {props.readOnly && <MutedText size="sm">{t('props.read_only')}</MutedText>}
        <fieldset disabled={props.readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Stack gap="sm">
            {body}
            {seatsCovered > 0 && <SeatMarks {...props} count={seatsCovered} />}
          </Stack>
        </fieldset>
      </Stack>
    </Paper>
  )
}

function numberedSeatsIn(section: LayoutSection | undefined): number {
  if (!section) return 0
  return flattenSections([section]).reduce((n, s) => n + (s.numbered ? seatCount(s) : 0), 0)
}

function LayoutProperties({ doc, commit }: PanelProps) {
  const { t } = useTranslation('layouteditor')
  const [imageError, setImageError] = useState<string | null>(null)
  const bg = doc.background
  const setBackground = (next: Layout['background'] | undefined) =>
    commit('edit_layout', (d) => void updateLayout(d, { background: next }))
  const pickImage = async (file: File | null) => {
    if (!file) return
    const read = await readImageFile(file)
    if (!read.ok) {
      setImageError(t(`image_errors.${read.reason}`))
      return
    }
    setImageError(null)
    // A plan to trace over fills the canvas (kept in proportion), whatever its pixel size.
    const fit = Math.min(doc.canvas.width / read.width, doc.canvas.height / read.height)
    setBackground({
      src: read.src,
      x: 0,
      y: 0,
      width: Math.round(read.width * fit),
      height: Math.round(read.height * fit),
      opacity: bg?.opacity ?? 0.5,
    })
  }
  return (
    <Stack gap="xs">
      <NativeSelect
        size="xs"
        label={t('props.kind')}
        description={t('props.kind_help')}
        value={doc.kind}
        data={LAYOUT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        onChange={(e) =>
          commit(
            'edit_layout',
            (d) => void updateLayout(d, { kind: e.currentTarget.value as Layout['kind'] }),
          )
        }
        data-testid="layout-kind"
      />
      <SimpleGrid cols={2} spacing="xs">
        <CommitNumber
          label={t('props.canvas_width')}
          value={doc.canvas.width}
          min={1}
          max={100000}
          onCommit={(width) =>
            commit('edit_layout', (d) => void updateLayout(d, { canvas: { ...doc.canvas, width } }))
          }
        />
        <CommitNumber
          label={t('props.canvas_height')}
          value={doc.canvas.height}
          min={1}
          max={100000}
          onCommit={(height) =>
            commit('edit_layout', (d) => void updateLayout(d, { canvas: { ...doc.canvas, height } }))
          }
        />
      </SimpleGrid>
      <Title order={3} size="h6">
        {t('props.background')}
      </Title>
      <MutedText size="xs">{t('props.background_help')}</MutedText>
      <CommitText
        label={t('props.background_src')}
        value={bg?.src ?? ''}
        description={t('props.image_src_help')}
        onCommit={(src) =>
          setBackground(
            src
              ? { x: 0, y: 0, width: doc.canvas.width, height: doc.canvas.height, opacity: 0.5, ...bg, src }
              : undefined,
          )
        }
        check={(src) => (src && !isSafeImageSource(src) ? t('image_errors.FOREIGN') : null)}
      />
      <Group gap="xs">
        <FileButton onChange={pickImage} accept="image/png,image/jpeg,image/webp">
          {(p) => (
            <Button size="compact-sm" variant="light" {...p}>
              {t('props.choose_image')}
            </Button>
          )}
        </FileButton>
        {bg && (
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => setBackground(undefined)}>
            {t('props.remove_background')}
          </Button>
        )}
      </Group>
      {imageError && (
        <Text size="sm" className={classes.errorText} role="alert">
          {imageError}
        </Text>
      )}
      {bg && (
        <>
          <SimpleGrid cols={2} spacing="xs">
            {(['x', 'y', 'width', 'height'] as const).map((key) => (
              <CommitNumber
                key={key}
                label={t(`props.${key}`)}
                value={bg[key]}
                min={key === 'width' || key === 'height' ? 1 : undefined}
                onCommit={(v) => setBackground({ ...bg, [key]: v })}
              />
            ))}
          </SimpleGrid>
          <OpacitySlider value={bg.opacity} onCommit={(opacity) => setBackground({ ...bg, opacity })} />
        </>
      )}
    </Stack>
  )
}

function OpacitySlider(props: { value: number; onCommit: (value: number) => void }) {
  const { t } = useTranslation('layouteditor')
  const labelId = useId()
  const [value, setValue] = useState(props.value)
  useEffect(() => setValue(props.value), [props.value])
  return (
    <Stack gap={2}>
      <Text size="xs" fw={500} id={labelId}>
        {t('props.opacity')}
      </Text>
      <Slider
        min={0.05}
        max={1}
        step={0.05}
        value={value}
        onChange={setValue}
        onChangeEnd={props.onCommit}
        label={(v) => `${Math.round(v * 100)} %`}
        thumbProps={{ 'aria-labelledby': labelId }}
      />
    </Stack>
  )
}

function SectionProperties({ doc, commit, onSelect, section }: PanelProps & { section: LayoutSection }) {
  const { t } = useTranslation('layouteditor')
  const code = section.code
  const edit = (fields: Parameters<typeof updateSection>[3]) =>
    commit('edit_section', (d, base) => void updateSection(d, base, code, fields))
  const paths = sectionPaths(doc)
  const path = paths.get(code) ?? []
  const parentPath = path.slice(0, -1)
  const parentCode =
    parentPath.length === 0
      ? ''
      : ([...paths].find(([, p]) => p.join('/') === parentPath.join('/'))?.[0] ?? '')
  // A section can go inside any other except itself and its own nested sections.
  const parents = [...paths.entries()].filter(([, p]) => !isWithin(p, path))
  const places = seatCount(section)

  const checkCode = (next: string) => {
    if (!SECTION_CODE.test(next) || next.length > 80) return t('props.code_invalid')
    if (next !== code && allSectionCodes(doc).has(next)) return t('props.code_taken')
    return null
  }
  const rowsOfSection = section.rows ?? []
  const selectRow = (value: string) => {
    if (value === '') return
    const r = Number(value)
    let start = 0
    for (let i = 0; i < r; i++) start += rowsOfSection[i]?.seats.length ?? 0
    const count = rowsOfSection[r]?.seats.length ?? 0
    onSelect({
      ...EMPTY_SELECTION,
      seats: new Map([[code, Array.from({ length: count }, (_, k) => start + k)]]),
    })
  }

  return (
    <Stack gap="xs" data-testid="layout-section-properties">
      <SimpleGrid cols={2} spacing="xs">
        <CommitText
          label={t('props.code')}
          value={code}
          maxLength={80}
          check={checkCode}
          onCommit={(next) =>
            commit('edit_section', (d, base) => {
              updateSection(d, base, code, { code: next })
              return { ...EMPTY_SELECTION, sections: new Set([next]) }
            })
          }
          testId="layout-section-code"
        />
        <CommitText
          label={t('props.name')}
          value={section.name}
          maxLength={120}
          check={(v) => (v.trim() ? null : t('props.name_required'))}
          onCommit={(name) => edit({ name: name.trim() })}
          testId="layout-section-name"
        />
      </SimpleGrid>
      <CommitColor
        pickLabel={t('props.pick_color')}
        label={t('props.color')}
        value={section.color}
        onCommit={(color) => edit({ color })}
      />
      <SimpleGrid cols={2} spacing="xs">
        <NativeSelect
          size="xs"
          label={t('props.zone_type')}
          value={section.zoneType}
          data={ZONE_TYPES.map((v) => ({ value: v, label: t(`zone_types.${v}`) }))}
          onChange={(e) => edit({ zoneType: e.currentTarget.value as LayoutSection['zoneType'] })}
        />
        <NativeSelect
          size="xs"
          label={t('props.view_direction')}
          value={section.viewDirection}
          data={VIEW_DIRECTIONS.map((v) => ({ value: v, label: t(`view_directions.${v}`) }))}
          onChange={(e) => edit({ viewDirection: e.currentTarget.value as LayoutSection['viewDirection'] })}
        />
        <NativeSelect
          size="xs"
          label={t('props.highlight')}
          value={section.highlight ?? ''}
          data={[
            { value: '', label: t('props.default_value') },
            ...HIGHLIGHT_ANIMATIONS.map((v) => ({ value: v, label: t(`highlights.${v}`) })),
          ]}
          onChange={(e) =>
            edit({ highlight: (e.currentTarget.value || undefined) as LayoutSection['highlight'] })
          }
        />
        <NativeSelect
          size="xs"
          label={t('props.parent')}
          value={parentCode}
          data={[
            { value: '', label: t('props.no_parent') },
            ...parents.map(([c]) => {
              const name = sectionByCode(doc, c)?.name
              const label = name === undefined ? c : sectionNameText(name, t('tree.default_section'))
              return { value: c, label: `${label} (${c})` }
            }),
          ]}
          onChange={(e) => {
            const next = e.currentTarget.value || null
            commit('reparent', (d, base) => void reparentSection(d, base, code, next))
          }}
        />
      </SimpleGrid>
      <Checkbox
        size="xs"
        label={t('props.disabled')}
        description={t('props.disabled_help')}
        checked={section.disabled}
        onChange={(e) => edit({ disabled: e.currentTarget.checked })}
      />
      <Switch
        size="xs"
        label={t('props.numbered')}
        description={
          section.numbered ? t('props.numbered_off_help', { count: places }) : t('props.numbered_on_help')
        }
        checked={section.numbered}
        // Seats come from row blocks; an unnumbered zone has none to number.
        disabled={!section.numbered && !section.rows?.length}
        onChange={(e) => {
          const numbered = e.currentTarget.checked
          commit('edit_section', (d, base) => void setNumbered(d, base, code, numbered))
        }}
      />
      {section.numbered ? (
        <MutedText size="sm">
          {t('props.seat_count', { count: places, rows: rowsOfSection.length })}
        </MutedText>
      ) : (
        <CommitNumber
          label={t(section.zoneType === 'PARKING' ? 'props.capacity_parking' : 'props.capacity')}
          value={section.capacity ?? 0}
          min={0}
          max={1000000}
          decimals={0}
          onCommit={(capacity) => edit({ capacity })}
          testId="layout-section-capacity"
        />
      )}
      {section.numbered && rowsOfSection.length > 0 && (
        <>
          <Group gap="xs" align="flex-end">
            <Button
              size="compact-sm"
              variant="light"
              onClick={() =>
                onSelect({
                  ...EMPTY_SELECTION,
                  seats: new Map([[code, Array.from({ length: places }, (_, i) => i)]]),
                })
              }
            >
              {t('props.select_seats')}
            </Button>
            <NativeSelect
              size="xs"
              label={t('props.select_row')}
              value=""
              data={[
                { value: '', label: '—' },
                ...rowsOfSection.map((r, i) => ({
                  value: String(i),
                  label: t('props.row', { label: r.label }),
                })),
              ]}
              onChange={(e) => selectRow(e.currentTarget.value)}
            />
          </Group>
          <RenumberForm section={section} commit={commit} />
        </>
      )}
    </Stack>
  )
}

function RenumberForm(props: { section: LayoutSection; commit: Commit }) {
  const { t } = useTranslation('layouteditor')
  const [rows, setRows] = useState<RowNumbering>({
    type: props.section.numbering?.type ?? 'LETTER',
    order: props.section.numbering?.order ?? 'ASC',
    start: 1,
    skip: [],
  })
  const [seats, setSeats] = useState<SeatNumbering>({ order: 'ASC', start: 1, sides: 'ALL' })
  const code = props.section.code
  return (
    <details>
      <summary>
        <Text span size="sm" fw={500}>
          {t('props.renumber')}
        </Text>
      </summary>
      <Stack gap="xs" mt="xs">
        <MutedText size="xs">{t('props.renumber_help')}</MutedText>
        <NumberingFields rows={rows} seats={seats} onRows={setRows} onSeats={setSeats} />
        <Button
          size="compact-sm"
          onClick={() =>
            props.commit('renumber', (d, base) => void renumberSection(d, base, code, rows, seats))
          }
        >
          {t('props.renumber_apply')}
        </Button>
      </Stack>
    </details>
  )
}

const MIXED = '__mixed__'

/** Restriction, access and accessibility of every selected seat at once (per seat or per block). */
function SeatMarks({ doc, selection, commit, count }: PanelProps & { count: number }) {
  const { t } = useTranslation('layouteditor')
  const marks: { mark: SeatMark; values: readonly string[]; labels: string }[] = [
    { mark: 'restrictions', values: SEAT_RESTRICTIONS, labels: 'restrictions' },
    { mark: 'access', values: SEAT_ACCESSES, labels: 'access' },
    { mark: 'accessibility', values: SEAT_ACCESSIBILITY, labels: 'accessibility' },
  ]
  return (
    <Stack gap="xs" data-testid="layout-seat-marks">
      <Title order={3} size="h6">
        {t('props.seats_title', { count })}
      </Title>
      {marks.map(({ mark, values, labels }) => {
        const common = commonSeatMark(doc, selection, mark)
        return (
          <NativeSelect
            key={mark}
            size="xs"
            label={t(`props.mark_${mark}`)}
            value={common === 'mixed' ? MIXED : (common ?? '')}
            data={[
              ...(common === 'mixed' ? [{ value: MIXED, label: t('props.mixed'), disabled: true }] : []),
              { value: '', label: t('props.none') },
              ...values.map((v) => ({ value: v, label: t(`${labels}.${v}`) })),
            ]}
            onChange={(e) => {
              const value = e.currentTarget.value
              if (value === MIXED) return
              commit('edit_seats', (d, base) => void setSeatMark(d, base, selection, mark, value || null))
            }}
            data-testid={`layout-seat-${mark}`}
          />
        )
      })}
    </Stack>
  )
}

function ShapeProperties({ doc, commit, shape }: PanelProps & { shape: LayoutShape }) {
  const { t } = useTranslation('layouteditor')
  const [imageError, setImageError] = useState<string | null>(null)
  const id = shape.id
  const edit = (fields: Partial<LayoutShape>) => commit('edit_shape', (d) => void updateShape(d, id, fields))
  const boxed = shape.type !== 'path'
  return (
    <Stack gap="xs" data-testid="layout-shape-properties">
      <MutedText size="sm">{t(`shape_types.${shape.type}`)}</MutedText>
      <SimpleGrid cols={2} spacing="xs">
        <CommitText
          label={t('props.shape_id')}
          value={id}
          check={(next) =>
            !next
              ? t('props.name_required')
              : next !== id && allShapeIds(doc).has(next)
                ? t('props.code_taken')
                : null
          }
          onCommit={(next) =>
            commit('edit_shape', (d) => {
              updateShape(d, id, { id: next })
              return { ...EMPTY_SELECTION, shapes: new Set([next]) }
            })
          }
        />
        <CommitText label={t('props.name')} value={shape.name} onCommit={(name) => edit({ name })} />
      </SimpleGrid>
      {shape.type === 'text' && (
        <CommitText
          label={t('props.text')}
          value={shape.text ?? ''}
          maxLength={200}
          onCommit={(text) => edit({ text })}
          testId="layout-shape-text"
        />
      )}
      {shape.type === 'image' && (
        <>
          <CommitText
            label={t('props.image_src')}
            description={t('props.image_src_help')}
            value={shape.src ?? ''}
            check={(src) => (src && !isSafeImageSource(src) ? t('image_errors.FOREIGN') : null)}
            onCommit={(src) => edit({ src: src || undefined })}
          />
          <FileButton
            onChange={async (file) => {
              if (!file) return
              const read = await readImageFile(file)
              setImageError(read.ok ? null : t(`image_errors.${read.reason}`))
              if (read.ok) edit({ src: read.src })
            }}
            accept="image/png,image/jpeg,image/webp"
          >
            {(p) => (
              <Button size="compact-sm" variant="light" {...p}>
                {t('props.choose_image')}
              </Button>
            )}
          </FileButton>
          {imageError && (
            <Text size="sm" className={classes.errorText} role="alert">
              {imageError}
            </Text>
          )}
        </>
      )}
      <SimpleGrid cols={2} spacing="xs">
        <CommitColor
          pickLabel={t('props.pick_color')}
          label={t('props.fill')}
          value={shape.fill}
          onCommit={(fill) => edit({ fill })}
        />
        <CommitNumber
          label={t('props.stroke_width')}
          value={shape.strokeWidth}
          min={0}
          max={100}
          onCommit={(strokeWidth) => edit({ strokeWidth })}
        />
        {boxed &&
          (['x', 'y'] as const).map((key) => (
            <CommitNumber
              key={key}
              label={t(`props.${key}`)}
              value={shape[key] ?? 0}
              onCommit={(v) => edit({ [key]: v })}
            />
          ))}
        {boxed && shape.type !== 'text' && (
          <CommitNumber
            label={t('props.width')}
            value={shape.width ?? 0}
            min={0}
            onCommit={(width) => edit({ width })}
          />
        )}
        {boxed && (
          <CommitNumber
            label={t(shape.type === 'text' ? 'props.font_size' : 'props.height')}
            value={shape.height ?? (shape.type === 'text' ? 14 : 0)}
            min={shape.type === 'text' ? 4 : 0}
            onCommit={(height) => edit({ height })}
          />
        )}
        <NativeSelect
          size="xs"
          label={t('props.animation')}
          value={shape.animation}
          data={HIGHLIGHT_ANIMATIONS.map((v) => ({ value: v, label: t(`highlights.${v}`) }))}
          onChange={(e) => edit({ animation: e.currentTarget.value as LayoutShape['animation'] })}
        />
      </SimpleGrid>
      <Checkbox
        size="xs"
        label={t('props.draggable')}
        checked={shape.draggable}
        onChange={(e) => edit({ draggable: e.currentTarget.checked })}
      />
      <Checkbox
        size="xs"
        label={t('props.is_disabled')}
        checked={shape.isDisabled}
        onChange={(e) => edit({ isDisabled: e.currentTarget.checked })}
      />
    </Stack>
  )
}

function StageProperties({ doc, commit }: PanelProps) {
  const { t } = useTranslation('layouteditor')
  const edit = (fields: Partial<Layout['stage']>) => commit('edit_stage', (d) => void updateStage(d, fields))
  const { stage } = doc
  return (
    <Stack gap="xs" data-testid="layout-stage-properties">
      <NativeSelect
        size="xs"
        label={t('props.stage_type')}
        value={stage.type}
        data={STAGE_TYPES.map((v) => ({ value: v, label: t(`stage_types.${v}`) }))}
        onChange={(e) => edit({ type: e.currentTarget.value as Layout['stage']['type'] })}
      />
      <CommitText
        label={t('props.stage_label')}
        value={stage.label}
        maxLength={80}
        onCommit={(label) => edit({ label })}
      />
      <SimpleGrid cols={2} spacing="xs">
        {(['x', 'y', 'width', 'height'] as const).map((key) => (
          <CommitNumber
            key={key}
            label={t(`props.${key}`)}
            value={stage[key]}
            min={key === 'width' || key === 'height' ? 0 : undefined}
            onCommit={(v) => edit({ [key]: v })}
          />
        ))}
      </SimpleGrid>
    </Stack>
  )
}
