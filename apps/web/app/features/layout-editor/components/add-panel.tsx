import {
  Accordion,
  Button,
  Checkbox,
  FileButton,
  NativeSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import type { Layout } from '@palco/domain/seating/layout'
import type { ZoneType } from '@palco/domain/seating/layout-vocabulary'
import { type FormEvent, memo, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MutedText } from '../../../components/ui/muted-text'
import {
  DEFAULT_ROW_BLOCK,
  generateBlockSection,
  gridOriginFor,
  newSectionCode,
  newShape,
  nextSectionColor,
  type RowBlockForm,
  rectPoints,
  zoneSection,
} from '../model/blocks'
import { sectionByCode, sectionPaths } from '../model/document'
import { addSection, addShape } from '../model/edits'
import { EMPTY_SELECTION } from '../model/selection'
import classes from './layout-editor.module.css'
import { NumberingFields } from './numbering-fields'
import type { Commit } from './properties-panel'
import { readImageFile } from './read-image'

/** A section as the "inside section" lists offer it. */
export interface SectionOption {
  value: string
  label: string
}

export interface AddPanelProps {
  /** The document now, read when something is added (the panel does not re-render for every change). */
  getDoc: () => Layout
  sections: readonly SectionOption[]
  commit: Commit
  /** The selected section, offered as the parent of what is added. */
  selectedSection: string | null
  /** Where new things go: the middle of what the canvas shows. */
  visibleCentre: () => { x: number; y: number }
  startPolygon: () => void
  /** Polygon sections are nested into this section (the form's choice, kept by the page). */
  polygonParent: string | null
  onPolygonParent: (code: string | null) => void
}

const limits = { rows: [1, 200], seatsPerRow: [1, 500] } as const

function ParentSelect(props: {
  sections: readonly SectionOption[]
  value: string | null
  onChange: (code: string | null) => void
}) {
  const { t } = useTranslation('layouteditor')
  return (
    <NativeSelect
      size="xs"
      label={t('add.parent')}
      value={props.value ?? ''}
      data={[{ value: '', label: t('props.no_parent') }, ...props.sections]}
      onChange={(e) => props.onChange(e.currentTarget.value || null)}
    />
  )
}

const num = (v: string | number, fallback: number) => {
  const n = typeof v === 'number' ? v : Number(v)
  return Number.isFinite(n) ? n : fallback
}

/**
 * Building blocks (issue 18 part 2): a block of rows generated from numbers (grid or arc, staggered,
 * numbered as the venue signs it), unnumbered and parking zones, a section drawn point by point, and
 * texts, rectangles and images. Everything lands in the middle of what the canvas shows.
 */
export const AddPanel = memo(function AddPanel(props: AddPanelProps) {
  const { t } = useTranslation('layouteditor')
  const titleId = useId()
  return (
    <Paper withBorder radius="md" p="xs" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h5" id={titleId} mb={6}>
        {t('add.title')}
      </Title>
      <Accordion variant="contained" chevronPosition="left" multiple={false}>
        <Accordion.Item value="block">
          <Accordion.Control>{t('add.block')}</Accordion.Control>
          <Accordion.Panel>
            <RowBlockFormView {...props} />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="zone">
          <Accordion.Control>{t('add.zone')}</Accordion.Control>
          <Accordion.Panel>
            <ZoneForm {...props} zoneType="GRANDSTAND" />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="parking">
          <Accordion.Control>{t('add.parking')}</Accordion.Control>
          <Accordion.Panel>
            <ZoneForm {...props} zoneType="PARKING" />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="polygon">
          <Accordion.Control>{t('add.polygon')}</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="xs">
              <MutedText size="xs">{t('add.polygon_help')}</MutedText>
              <ParentSelect
                sections={props.sections}
                value={props.polygonParent}
                onChange={props.onPolygonParent}
              />
              <Button size="compact-sm" onClick={props.startPolygon} data-testid="layout-add-polygon">
                {t('add.polygon_start')}
              </Button>
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="shapes">
          <Accordion.Control>{t('add.shapes')}</Accordion.Control>
          <Accordion.Panel>
            <ShapeForms {...props} />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Paper>
  )
})

function RowBlockFormView(props: AddPanelProps) {
  const { t } = useTranslation('layouteditor')
  const [form, setForm] = useState<RowBlockForm>(DEFAULT_ROW_BLOCK)
  const [name, setName] = useState('')
  const [parent, setParent] = useState<string | null>(props.selectedSection)
  const [focal, setFocal] = useState<'stage' | 'view'>('stage')
  const [error, setError] = useState<string | null>(null)
  const arrangementId = useId()
  const set = (patch: Partial<RowBlockForm>) => setForm((f) => ({ ...f, ...patch }))
  const total = form.rows * form.seatsPerRow

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const doc = props.getDoc()
    const centre = props.visibleCentre()
    const stage = doc.stage
    const origin =
      form.arrangement === 'GRID'
        ? gridOriginFor(form, centre)
        : focal === 'stage' && stage.width > 0
          ? { x: stage.x + stage.width / 2, y: stage.y + stage.height / 2 }
          : centre
    const count = sectionPaths(doc).size + 1
    const meta = {
      code: newSectionCode(doc, `SEC_${count}`),
      name: name.trim() || t('add.block_name', { n: count }),
      color: nextSectionColor(doc),
    }
    let section: ReturnType<typeof generateBlockSection>
    try {
      section = generateBlockSection(form, origin, meta)
    } catch {
      setError(t('add.block_invalid'))
      return
    }
    setError(null)
    const parentCode = parent && sectionByCode(doc, parent) ? parent : null
    props.commit('add_block', (d, base) => {
      addSection(d, base, section, parentCode)
      return { ...EMPTY_SELECTION, sections: new Set([section.code]) }
    })
    setName('')
  }

  return (
    <form onSubmit={submit} noValidate data-testid="layout-block-form">
      <Stack gap="xs">
        <TextInput
          size="xs"
          label={t('add.name')}
          placeholder={t('add.block_name', { n: props.sections.length + 1 })}
          value={name}
          maxLength={120}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <SimpleGrid cols={2} spacing="xs">
          <NumberInput
            size="xs"
            label={t('add.rows')}
            min={limits.rows[0]}
            max={limits.rows[1]}
            value={form.rows}
            onChange={(v) => set({ rows: Math.round(num(v, form.rows)) })}
            data-testid="layout-block-rows"
          />
          <NumberInput
            size="xs"
            label={t('add.seats_per_row')}
            min={limits.seatsPerRow[0]}
            max={limits.seatsPerRow[1]}
            value={form.seatsPerRow}
            onChange={(v) => set({ seatsPerRow: Math.round(num(v, form.seatsPerRow)) })}
            data-testid="layout-block-seats"
          />
          <NumberInput
            size="xs"
            label={t('add.seat_spacing')}
            min={1}
            max={1000}
            decimalScale={1}
            value={form.seatSpacing}
            onChange={(v) => set({ seatSpacing: num(v, form.seatSpacing) })}
          />
          <NumberInput
            size="xs"
            label={t('add.row_spacing')}
            min={1}
            max={1000}
            decimalScale={1}
            value={form.rowSpacing}
            onChange={(v) => set({ rowSpacing: num(v, form.rowSpacing) })}
          />
        </SimpleGrid>
        <div>
          <Text size="xs" fw={500} id={arrangementId}>
            {t('add.arrangement')}
          </Text>
          <SegmentedControl
            size="xs"
            fullWidth
            aria-labelledby={arrangementId}
            value={form.arrangement}
            onChange={(v) => set({ arrangement: v as RowBlockForm['arrangement'] })}
            data={[
              { value: 'GRID', label: t('add.grid') },
              { value: 'ARC', label: t('add.arc') },
            ]}
          />
        </div>
        {form.arrangement === 'ARC' && (
          <SimpleGrid cols={2} spacing="xs">
            <NumberInput
              size="xs"
              label={t('add.radius')}
              min={1}
              max={100000}
              value={form.radius}
              onChange={(v) => set({ radius: num(v, form.radius) })}
            />
            <NumberInput
              size="xs"
              label={t('add.angle')}
              min={1}
              max={360}
              value={form.angle}
              onChange={(v) => set({ angle: num(v, form.angle) })}
            />
            <NativeSelect
              size="xs"
              label={t('add.focal')}
              value={focal}
              data={[
                { value: 'stage', label: t('add.focal_stage') },
                { value: 'view', label: t('add.focal_view') },
              ]}
              onChange={(e) => setFocal(e.currentTarget.value as 'stage' | 'view')}
            />
          </SimpleGrid>
        )}
        <SimpleGrid cols={2} spacing="xs">
          <NumberInput
            size="xs"
            label={t('add.rotation')}
            min={-360}
            max={360}
            value={form.rotation}
            onChange={(v) => set({ rotation: num(v, form.rotation) })}
          />
          <Checkbox
            size="xs"
            mt={24}
            label={t('add.stagger')}
            checked={form.stagger}
            onChange={(e) => set({ stagger: e.currentTarget.checked })}
          />
        </SimpleGrid>
        <NumberingFields
          rows={form.rowNumbering}
          seats={form.seatNumbering}
          onRows={(rowNumbering) => set({ rowNumbering })}
          onSeats={(seatNumbering) => set({ seatNumbering })}
        />
        <ParentSelect sections={props.sections} value={parent} onChange={setParent} />
        <MutedText size="xs">{t('add.block_total', { count: total })}</MutedText>
        {error && (
          <Text size="sm" className={classes.errorText} role="alert">
            {error}
          </Text>
        )}
        <Button type="submit" size="compact-sm" data-testid="layout-block-add">
          {t('add.block_submit')}
        </Button>
      </Stack>
    </form>
  )
}

function ZoneForm(props: AddPanelProps & { zoneType: ZoneType }) {
  const { t } = useTranslation('layouteditor')
  const parking = props.zoneType === 'PARKING'
  const [name, setName] = useState('')
  const [capacity, setCapacity] = useState<number>(parking ? 50 : 200)
  const [size, setSize] = useState({ width: 150, height: 100 })
  const [parent, setParent] = useState<string | null>(props.selectedSection)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const doc = props.getDoc()
    const c = props.visibleCentre()
    const count = sectionPaths(doc).size + 1
    const section = zoneSection(
      {
        code: newSectionCode(doc, `${parking ? 'PARK' : 'GA'}_${count}`),
        name: name.trim() || t(parking ? 'add.parking_name' : 'add.zone_name', { n: count }),
        color: parking ? '#495057' : nextSectionColor(doc),
      },
      rectPoints(c.x - size.width / 2, c.y - size.height / 2, size.width, size.height),
      Math.max(0, Math.round(capacity)),
      props.zoneType,
    )
    const parentCode = parent && sectionByCode(doc, parent) ? parent : null
    props.commit(parking ? 'add_parking' : 'add_zone', (d, base) => {
      addSection(d, base, section, parentCode)
      return { ...EMPTY_SELECTION, sections: new Set([section.code]) }
    })
    setName('')
  }
  return (
    <form onSubmit={submit} noValidate data-testid={parking ? 'layout-parking-form' : 'layout-zone-form'}>
      <Stack gap="xs">
        <TextInput
          size="xs"
          label={t('add.name')}
          value={name}
          maxLength={120}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <NumberInput
          size="xs"
          label={t(parking ? 'props.capacity_parking' : 'props.capacity')}
          min={0}
          max={1000000}
          value={capacity}
          onChange={(v) => setCapacity(num(v, capacity))}
          data-testid="layout-zone-capacity"
        />
        <SimpleGrid cols={2} spacing="xs">
          <NumberInput
            size="xs"
            label={t('props.width')}
            min={1}
            value={size.width}
            onChange={(v) => setSize((s) => ({ ...s, width: num(v, s.width) }))}
          />
          <NumberInput
            size="xs"
            label={t('props.height')}
            min={1}
            value={size.height}
            onChange={(v) => setSize((s) => ({ ...s, height: num(v, s.height) }))}
          />
        </SimpleGrid>
        <ParentSelect sections={props.sections} value={parent} onChange={setParent} />
        <Button
          type="submit"
          size="compact-sm"
          data-testid={parking ? 'layout-parking-add' : 'layout-zone-add'}
        >
          {t(parking ? 'add.parking_submit' : 'add.zone_submit')}
        </Button>
      </Stack>
    </form>
  )
}

function ShapeForms(props: AddPanelProps) {
  const { t } = useTranslation('layouteditor')
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const add = (shape: ReturnType<typeof newShape>) =>
    props.commit('add_shape', (d) => {
      addShape(d, shape)
      return { ...EMPTY_SELECTION, shapes: new Set([shape.id]) }
    })
  return (
    <Stack gap="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault()
          if (!text.trim()) return
          add(newShape(props.getDoc(), 'text', props.visibleCentre(), { text: text.trim() }))
          setText('')
        }}
        noValidate
      >
        <Stack gap="xs">
          <TextInput
            size="xs"
            label={t('add.text')}
            value={text}
            maxLength={200}
            onChange={(e) => setText(e.currentTarget.value)}
            data-testid="layout-text-input"
          />
          <Button type="submit" size="compact-sm" disabled={!text.trim()} data-testid="layout-text-add">
            {t('add.text_submit')}
          </Button>
        </Stack>
      </form>
      <div className={classes.legend}>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => add(newShape(props.getDoc(), 'rect', props.visibleCentre()))}
        >
          {t('add.rect')}
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => add(newShape(props.getDoc(), 'path', props.visibleCentre()))}
        >
          {t('add.path')}
        </Button>
        <FileButton
          accept="image/png,image/jpeg,image/webp"
          onChange={async (file) => {
            if (!file) return
            const read = await readImageFile(file)
            if (!read.ok) {
              setError(t(`image_errors.${read.reason}`))
              return
            }
            setError(null)
            const scale = Math.min(1, 200 / Math.max(read.width, read.height))
            add(
              newShape(props.getDoc(), 'image', props.visibleCentre(), {
                src: read.src,
                width: Math.round(read.width * scale),
                height: Math.round(read.height * scale),
              }),
            )
          }}
        >
          {(p) => (
            <Button size="compact-sm" variant="light" {...p}>
              {t('add.image')}
            </Button>
          )}
        </FileButton>
      </div>
      {error && (
        <Text size="sm" className={classes.errorText} role="alert">
          {error}
        </Text>
      )}
    </Stack>
  )
}
