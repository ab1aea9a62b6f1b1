import { Anchor, Table, Text } from '@mantine/core'
import { formatDate, formatTime } from '@palco/domain/format/format'
import type { InscriptionEntries } from '@palco/domain/inscriptions/contract'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { MutedText } from '../../../components/ui/muted-text'
import { TitledSection } from '../../../components/ui/titled-section'
import { inscriptionsCsvPath } from '../api/inscription-form'

/**
 * The event's entries (issue 17 part 6): how many participants stand, the latest of them, and the CSV with
 * every entry and answer (files as links for a day). The table scrolls in a focusable region, so a
 * keyboard user can scroll it on a phone (WCAG 2.1.1).
 */
export function InscriptionEntriesSection(props: {
  eventId: string
  timeZone: string
  entries: InscriptionEntries
  locale: Locale
}) {
  const { t } = useTranslation(['inscriptions', 'tickets'])
  const { entries, locale } = props
  const shown = entries.latest.length
  return (
    <TitledSection title={t('admin.entries.title')} testId="inscription-entries">
      <Text fw={600} data-testid="inscription-entry-count">
        {t('admin.entries.count', { count: entries.total })}
      </Text>
      {shown > 0 && (
        <section aria-label={t('admin.entries.latest', { count: shown })} style={{ overflowX: 'auto' }}>
          <Table miw={560} striped data-testid="inscription-entry-list">
            <Table.Caption>{t('admin.entries.latest', { count: shown })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.entries.participant')}</Table.Th>
                <Table.Th>{t('admin.entries.category')}</Table.Th>
                <Table.Th>{t('admin.entries.purchase')}</Table.Th>
                <Table.Th>{t('admin.entries.when')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.latest.map((e) => (
                <Table.Tr key={`${e.orderCode}-${e.participantName}-${e.createdAt}`}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.participantName ?? '—'}</Table.Td>
                  <Table.Td>{e.zoneName}</Table.Td>
                  <Table.Td>
                    {e.orderCode} · {t(`tickets:purchases.statuses.${e.status}`, { defaultValue: e.status })}
                  </Table.Td>
                  <Table.Td>
                    {formatDate(e.createdAt, locale, props.timeZone)}{' '}
                    {formatTime(e.createdAt, locale, props.timeZone)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      )}
      <MutedText>{t('admin.entries.intro')}</MutedText>
      <Anchor href={inscriptionsCsvPath(props.eventId)} download data-testid="inscription-csv" fw={600}>
        {t('admin.entries.download')}
      </Anchor>
    </TitledSection>
  )
}
