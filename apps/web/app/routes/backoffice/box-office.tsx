import { Container, Stack, Table, Text, Title } from '@mantine/core'
import type {
  BoxOfficeAudit,
  BoxOfficeEvent,
  CourtesyReason,
  ShiftReport,
} from '@palco/domain/box-office/contract'
import { formatDate, formatMoney, formatTime } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { MutedText } from '../../components/ui/muted-text'
import { TitledSection } from '../../components/ui/titled-section'
import { CourtesyQuotasEditor } from '../../features/box-office/components/courtesy-quotas-editor'
import { CourtesyReasonsEditor } from '../../features/box-office/components/courtesy-reasons-editor'
import { SaleRefund } from '../../features/box-office/components/sale-refund'
import { SeatLine } from '../../features/checkout/components/order-summary'
import type { Route } from './+types/box-office'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/**
 * `/backoffice/box-office` (issue 15 part 7, admins): the country's latest shift reports — who, when, what
 * each tender took, and the blind close's expected, counted and difference — the box office's audit log, the
 * courtesy reasons the counter offers and each upcoming event's courtesy quota (both edited here), and the
 * refund of a counter sale found by its receipt's code.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [shifts, audit, reasons, events] = await Promise.all([
    context.api<{ shifts: ShiftReport[] }>('/api/backoffice/box-office/shifts'),
    context.api<BoxOfficeAudit>('/api/backoffice/box-office/audit'),
    context.api<{ reasons: CourtesyReason[] }>('/api/backoffice/courtesy-reasons'),
    context.api<{ events: BoxOfficeEvent[] }>('/api/backoffice/box-office/events'),
  ])
  if ([shifts, audit, reasons, events].some((r) => r.status !== 200))
    throw new Response(null, { status: 502 })
  return {
    locale: context.locale,
    shifts: shifts.data.shifts,
    entries: audit.data.entries,
    reasons: reasons.data.reasons,
    events: events.data.events,
  }
}

const when = (iso: string, locale: Locale) => `${formatDate(iso, locale)} ${formatTime(iso, locale)}`

/** A table wider than a phone scrolls inside its own focusable region, so the page itself never does. */
function ScrollRegion(props: { label: string; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section aria-label={props.label} tabIndex={0} style={{ overflowX: 'auto' }}>
      {props.children}
    </section>
  )
}

function ShiftsTable(props: { shifts: ShiftReport[]; locale: Locale }) {
  const { t } = useTranslation('boxoffice')
  const { locale } = props
  const money = (s: ShiftReport, amount: number | null) =>
    amount === null ? '—' : formatMoney({ amount, currency: s.currency }, locale)
  return (
    <ScrollRegion label={t('backoffice.shiftsTitle')}>
      <Table miw={900} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('backoffice.operator')}</Table.Th>
            <Table.Th>{t('backoffice.opened')}</Table.Th>
            <Table.Th>{t('backoffice.closed')}</Table.Th>
            <Table.Th ta="end">{t('shift.sales')}</Table.Th>
            <Table.Th ta="end">{t('shift.voids')}</Table.Th>
            <Table.Th ta="end">{t('backoffice.courtesies')}</Table.Th>
            <Table.Th ta="end">{t('shift.float')}</Table.Th>
            <Table.Th ta="end">{t('shift.cash')}</Table.Th>
            <Table.Th ta="end">{t('shift.terminal')}</Table.Th>
            <Table.Th ta="end">{t('shift.expected')}</Table.Th>
            <Table.Th ta="end">{t('shift.counted')}</Table.Th>
            <Table.Th ta="end">{t('shift.difference')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.shifts.map((s) => (
            <Table.Tr key={s.id} data-testid="backoffice-shift" data-shift={s.id}>
              <Table.Th scope="row" fw={500}>
                {s.operatorName}
                <Text size="xs" c="dimmed">
                  {s.operatorEmail}
                </Text>
              </Table.Th>
              <Table.Td>{when(s.openedAt, locale)}</Table.Td>
              <Table.Td>{s.closedAt ? when(s.closedAt, locale) : t('backoffice.stillOpen')}</Table.Td>
              <Table.Td ta="end">{s.totals.sales}</Table.Td>
              <Table.Td ta="end">{s.totals.voids}</Table.Td>
              <Table.Td ta="end">{s.totals.courtesies}</Table.Td>
              <Table.Td ta="end">{money(s, s.openingFloat)}</Table.Td>
              <Table.Td ta="end">{money(s, s.totals.cash)}</Table.Td>
              <Table.Td ta="end">{money(s, s.totals.terminal)}</Table.Td>
              <Table.Td ta="end">{money(s, s.expectedCash)}</Table.Td>
              <Table.Td ta="end">{money(s, s.countedCash)}</Table.Td>
              <Table.Td
                ta="end"
                fw={s.difference ? 700 : undefined}
                data-testid="backoffice-shift-difference"
              >
                {money(s, s.difference)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  )
}

type AuditEntry = BoxOfficeAudit['entries'][number]

/** The recorded amounts (minor units) the log shows as money. */
const MONEY_FIELDS = new Set([
  'openingFloat',
  'countedCash',
  'expectedCash',
  'difference',
  'total',
  'change',
  'listTotal',
])
/** Recorded as instants (a reservation's deadline), shown as the site's date and time. */
const TIME_FIELDS = new Set(['until'])
/** Recorded for machines (the shift a sale belongs to is its own entry; a copy number says it is a reprint). */
const HIDDEN_FIELDS = new Set(['shiftId', 'reprint'])
/** Recorded as codes, shown in words: the field's vocabulary under `backoffice.`. */
const WORDED_FIELDS: Readonly<Record<string, string>> = { buyer: 'buyers', layout: 'layouts' }

/** What an entry recorded, as a person reads it: labelled fields, amounts as money, tenders by kind. */
function useDetails(locale: Locale) {
  const { t } = useTranslation('boxoffice')
  return (entry: AuditEntry): string => {
    const money = (amount: unknown) =>
      typeof amount === 'number' && entry.currency
        ? formatMoney({ amount, currency: entry.currency }, locale)
        : String(amount)
    const tender = (part: Record<string, unknown>) => {
      const kind = t(`backoffice.tenders.${String(part.kind)}`)
      const amount = part.tendered ?? part.amount
      if (part.reason) return `${kind} (${String(part.reason)})`
      return amount === undefined ? kind : `${kind} ${money(amount)}`
    }
    return Object.entries(entry.changes)
      .filter(([key]) => !HIDDEN_FIELDS.has(key))
      .map(([key, value]) => {
        const label = t(`backoffice.fields.${key}`, { defaultValue: key })
        if (MONEY_FIELDS.has(key)) return `${label}: ${money(value)}`
        if (TIME_FIELDS.has(key) && typeof value === 'string')
          return `${label}: ${formatDate(value, locale)} ${formatTime(value, locale)}`
        if (key === 'tenders' && Array.isArray(value)) return `${label}: ${value.map(tender).join(', ')}`
        const words = WORDED_FIELDS[key]
        if (words)
          return `${label}: ${t(`backoffice.${words}.${String(value)}`, { defaultValue: String(value) })}`
        return `${label}: ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`
      })
      .join(' · ')
  }
}

function AuditTable(props: { entries: BoxOfficeAudit['entries']; locale: Locale }) {
  const { t } = useTranslation('boxoffice')
  const detailsOf = useDetails(props.locale)
  return (
    <ScrollRegion label={t('backoffice.auditTitle')}>
      <Table miw={900} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('backoffice.at')}</Table.Th>
            <Table.Th>{t('backoffice.who')}</Table.Th>
            <Table.Th>{t('backoffice.address')}</Table.Th>
            <Table.Th>{t('backoffice.action')}</Table.Th>
            <Table.Th>{t('backoffice.details')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.entries.map((e) => (
            <Table.Tr key={e.id} data-testid="audit-entry" data-action={e.action}>
              <Table.Td>{when(e.at, props.locale)}</Table.Td>
              <Table.Td>{e.actorEmail ?? '—'}</Table.Td>
              <Table.Td>{e.address ?? '—'}</Table.Td>
              <Table.Th scope="row" fw={500}>
                {/* i18next reads dots as nesting: the action's key spells them as underscores. */}
                {t(`backoffice.actions.${e.action.replaceAll('.', '_')}`)}
              </Table.Th>
              <Table.Td>
                <Text size="sm" style={{ wordBreak: 'break-word' }}>
                  {detailsOf(e)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  )
}

/** One report of the page: its title, then its table, or what to say when it has no rows yet. */
function ReportSection(props: { title: string; empty: string | null; children: React.ReactNode }) {
  return (
    <TitledSection title={props.title}>
      {props.empty === null ? props.children : <MutedText>{props.empty}</MutedText>}
    </TitledSection>
  )
}

export default function BoxOfficeBackoffice({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('boxoffice')
  const { locale, shifts, entries, reasons, events } = loaderData
  return (
    <Container size="xl" px="md" py="xl">
      <title>{`${t('backoffice.title')} · Palco`}</title>
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>{t('backoffice.title')}</Title>
          <MutedText>{t('backoffice.intro')}</MutedText>
        </Stack>
        <ReportSection
          title={t('backoffice.shiftsTitle')}
          empty={shifts.length ? null : t('backoffice.noShifts')}
        >
          <ShiftsTable shifts={shifts} locale={locale} />
        </ReportSection>
        <ReportSection title={t('backoffice.refund.title')} empty={null}>
          <MutedText>{t('backoffice.refund.intro')}</MutedText>
          <SaleRefund
            locale={locale}
            renderLine={(line) => <SeatLine line={line} />}
            reasonName={(code) =>
              reasons.find((r) => r.code === code)?.[locale === 'es-CO' ? 'nameEs' : 'nameEn'] ?? code
            }
          />
        </ReportSection>
        <ReportSection
          title={t('backoffice.auditTitle')}
          empty={entries.length ? null : t('backoffice.noAudit')}
        >
          <AuditTable entries={entries} locale={locale} />
        </ReportSection>
        <ReportSection title={t('backoffice.reasons.title')} empty={null}>
          <MutedText>{t('backoffice.reasons.intro')}</MutedText>
          <CourtesyReasonsEditor reasons={reasons} />
        </ReportSection>
        <ReportSection
          title={t('backoffice.quotas.title')}
          empty={events.length ? null : t('backoffice.quotas.noEvents')}
        >
          <MutedText>{t('backoffice.quotas.intro')}</MutedText>
          <CourtesyQuotasEditor events={events} locale={locale} />
        </ReportSection>
      </Stack>
    </Container>
  )
}
