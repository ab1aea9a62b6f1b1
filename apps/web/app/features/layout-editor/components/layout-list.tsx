import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { formatDate, formatNumber } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import type { LayoutSummary, LayoutVenue } from '@palco/domain/seating/layout-editor-contract'
import { LAYOUT_KINDS, type LayoutKind } from '@palco/domain/seating/layout-vocabulary'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { MutedText } from '../../../components/ui/muted-text'
import { TitledSection } from '../../../components/ui/titled-section'
import { type ApiError, asApiError } from '../../../lib/api-client'
import { createLayout, importLayout, LayoutApiError } from '../api/layouts'
import { CANVAS_PRESETS, type CanvasPreset, newLayoutDocument } from '../model/blocks'
import { editorPath, importReasonText } from './layout-editor-paths'

/**
 * The back office's layouts (issue 18 part 1), grouped by venue: every version with its status, places
 * and the events on it; a new layout from the canvas defaults; a layout.json file imported as a draft.
 */
export function LayoutList(props: { venues: LayoutVenue[]; layouts: LayoutSummary[]; locale: Locale }) {
  const { t } = useTranslation('layouteditor')
  const { venues, layouts, locale } = props
  const byVenue = new Map<string, LayoutSummary[]>()
  for (const l of layouts) byVenue.set(l.venueId, [...(byVenue.get(l.venueId) ?? []), l])
  const shown = venues.filter((v) => byVenue.has(v.id))
  return (
    <Stack gap="lg">
      <TitledSection title={t('list.layouts')} testId="layout-list">
        {shown.length === 0 && <MutedText>{t('list.empty')}</MutedText>}
        {shown.map((venue) => (
          <Stack gap={4} key={venue.id}>
            <Text component="h3" fw={700} size="md" m={0}>
              {t('list.venue', { name: venue.name, city: venue.city })}
            </Text>
            <Table.ScrollContainer minWidth={560}>
              <Table striped withTableBorder fz="sm" data-testid="layout-venue-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('list.name')}</Table.Th>
                    <Table.Th scope="col">{t('list.kind')}</Table.Th>
                    <Table.Th scope="col">{t('list.version')}</Table.Th>
                    <Table.Th scope="col">{t('list.status')}</Table.Th>
                    <Table.Th scope="col">{t('list.places')}</Table.Th>
                    <Table.Th scope="col">{t('list.events')}</Table.Th>
                    <Table.Th scope="col">{t('list.updated')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(byVenue.get(venue.id) ?? []).map((l) => (
                    <Table.Tr key={l.id} data-testid="layout-row" data-layout-id={l.id}>
                      <Table.Td>
                        <Anchor component={Link} to={editorPath(l.id)}>
                          {l.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{t(`kinds.${l.kind}`)}</Table.Td>
                      <Table.Td>{l.version}</Table.Td>
                      <Table.Td>
                        <Badge color={l.status === 'PUBLISHED' ? 'teal.9' : 'gray.8'} variant="filled">
                          {t(`status.${l.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{formatNumber(l.seatCount, locale)}</Table.Td>
                      <Table.Td>{formatNumber(l.eventCount, locale)}</Table.Td>
                      <Table.Td>{formatDate(l.updatedAt, locale)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        ))}
      </TitledSection>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <NewLayoutForm venues={venues} />
        <ImportLayoutForm venues={venues} />
      </SimpleGrid>
    </Stack>
  )
}

/** The venue and the layout's name, which both a new layout and an import ask for first. */
function VenueAndNameFields(props: {
  venues: LayoutVenue[]
  venueId: string
  onVenue: (id: string) => void
  name: string
  onName: (name: string) => void
  missing: { venue?: boolean; name?: boolean }
  nameHelp?: string
  nameTestId?: string
}) {
  const { t } = useTranslation('layouteditor')
  return (
    <>
      <NativeSelect
        label={t('list.venue_field')}
        value={props.venueId}
        required
        error={props.missing.venue ? t('new.venue_required') : null}
        data={[
          { value: '', label: t('list.choose_venue'), disabled: true },
          ...props.venues.map((v) => ({ value: v.id, label: `${v.name} · ${v.city}` })),
        ]}
        onChange={(e) => props.onVenue(e.currentTarget.value)}
      />
      <TextInput
        label={t('list.name')}
        description={props.nameHelp}
        required
        maxLength={120}
        value={props.name}
        onChange={(e) => props.onName(e.currentTarget.value)}
        error={props.missing.name ? t('new.name_required') : null}
        data-testid={props.nameTestId}
      />
    </>
  )
}

function NewLayoutForm(props: { venues: LayoutVenue[] }) {
  const { t } = useTranslation('layouteditor')
  const navigate = useNavigate()
  const [venueId, setVenueId] = useState('')
  const [name, setName] = useState('')
  const [kind, setKind] = useState<LayoutKind>('Classic')
  const [preset, setPreset] = useState<CanvasPreset>('stage')
  const [missing, setMissing] = useState<{ venue?: boolean; name?: boolean }>({})
  const [error, setError] = useState<ApiError | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const gaps = { venue: !venueId, name: !name.trim() }
    setMissing(gaps)
    if (gaps.venue || gaps.name) return
    setBusy(true)
    setError(null)
    try {
      const created = await createLayout({
        venueId,
        name: name.trim(),
        data: newLayoutDocument(kind, preset, t('new.stage_label')),
      })
      navigate(editorPath(created.id))
    } catch (err) {
      setError(asApiError(err))
      setBusy(false)
    }
  }

  return (
    <TitledSection title={t('new.title')} testId="layout-new">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <MutedText size="sm">{t('new.intro')}</MutedText>
          <VenueAndNameFields
            venues={props.venues}
            venueId={venueId}
            onVenue={setVenueId}
            name={name}
            onName={setName}
            missing={missing}
            nameTestId="layout-new-name"
          />
          <NativeSelect
            label={t('list.kind')}
            description={t('props.kind_help')}
            value={kind}
            data={LAYOUT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            onChange={(e) => setKind(e.currentTarget.value as LayoutKind)}
          />
          <NativeSelect
            label={t('new.canvas')}
            value={preset}
            data={CANVAS_PRESETS.map((p) => ({ value: p, label: t(`new.presets.${p}`) }))}
            onChange={(e) => setPreset(e.currentTarget.value as CanvasPreset)}
          />
          <ApiErrorAlert error={error} />
          <Button type="submit" loading={busy} data-testid="layout-new-submit">
            {t('new.submit')}
          </Button>
        </Stack>
      </form>
    </TitledSection>
  )
}

function ImportLayoutForm(props: { venues: LayoutVenue[] }) {
  const { t } = useTranslation('layouteditor')
  const navigate = useNavigate()
  const [venueId, setVenueId] = useState('')
  const [name, setName] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [missing, setMissing] = useState<{ venue?: boolean; name?: boolean; file?: boolean }>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [error, setError] = useState<ApiError | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const gaps = { venue: !venueId, name: !name.trim(), file: !file }
    setMissing(gaps)
    setProblem(null)
    setError(null)
    if (gaps.venue || gaps.name || !file) return
    setBusy(true)
    try {
      const text = await file.text()
      // Checked here first, so a wrong file is explained at once and never sent. The reader (with the
      // layout schema) loads only when a file is imported.
      const { readLayoutImport } = await import('@palco/domain/seating/layout-import')
      const read = readLayoutImport(text)
      if (!read.ok) {
        setProblem(importReasonText(t, read.reason, read.path))
        return
      }
      const created = await importLayout({ venueId, name: name.trim(), file: text })
      navigate(editorPath(created.id))
    } catch (err) {
      if (err instanceof LayoutApiError && err.reason)
        setProblem(importReasonText(t, err.reason, err.path ?? ''))
      else setError(asApiError(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <TitledSection title={t('import.title')} testId="layout-import-form">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <MutedText size="sm">{t('import.intro')}</MutedText>
          <VenueAndNameFields
            venues={props.venues}
            venueId={venueId}
            onVenue={setVenueId}
            name={name}
            onName={setName}
            missing={missing}
            nameHelp={t('import.name_help')}
          />
          <FileInput
            label={t('import.file')}
            required
            accept="application/json,.json"
            value={file}
            onChange={setFile}
            clearable
            error={missing.file ? t('import.file_required') : null}
            data-testid="layout-import-file"
          />
          {problem && (
            <Alert color="red" variant="light" role="alert" data-testid="layout-import-problem">
              {problem}
            </Alert>
          )}
          <ApiErrorAlert error={error} />
          <Button type="submit" loading={busy} data-testid="layout-import-submit">
            {t('import.submit')}
          </Button>
        </Stack>
      </form>
    </TitledSection>
  )
}
