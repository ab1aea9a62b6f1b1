import { Anchor, Badge, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core'
import type { PromoState } from '@palco/domain/checkout/promo-admin'
import type { PromoCodeList, PromoCodeView, PromoTargets } from '@palco/domain/checkout/promo-admin-contract'
import { formatDate, formatMoney, formatNumber, formatTime } from '@palco/domain/format/format'
import type { Currency, Locale } from '@palco/domain/locale/country-settings'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { MutedText } from '../../../components/ui/muted-text'
import { type ApiError, asApiError } from '../../../lib/api-client'
import { batchCsvPath, changePromoCode, deletePromoCode, type PromoListFilter } from '../api/promo-codes'

// Filled, in shades dark enough for white text (WCAG AA), as the events' status badges.
const STATE_COLOR: Record<PromoState, string> = {
  ACTIVE: 'teal.9',
  SCHEDULED: 'blue.9',
  EXHAUSTED: 'orange.9',
  ENDED: 'gray.7',
  INACTIVE: 'gray.9',
}

/**
 * The asker's promo codes (issue 43 part 5), newest first, 20 a page: each with its discount, uses and what is
 * left, validity and state; switched off or on again, deleted while no order used it, and a batch's codes
 * downloaded. A list, not a table, so it reads at 375 px; every action is a button or a link.
 */
export function PromoCodeListView(props: {
  list: PromoCodeList
  filter: PromoListFilter
  targets: PromoTargets
  locale: Locale
  /** Reads the list again (the page's loader) after a change. */
  onChanged: () => Promise<void>
}) {
  const { t } = useTranslation('promoadmin')
  const [error, setError] = useState<ApiError | null>(null)
  const [busyId, setBusyId] = useState<string | null>(null)
  const run = async (id: string, act: () => Promise<unknown>) => {
    setBusyId(id)
    setError(null)
    try {
      await act()
      await props.onChanged()
    } catch (err) {
      setError(asApiError(err))
    } finally {
      setBusyId(null)
    }
  }
  const { list } = props
  const pages = Math.max(1, Math.ceil(list.total / list.size))
  return (
    <Stack gap="md">
      <ListFilter filter={props.filter} targets={props.targets} locale={props.locale} />
      <MutedText size="sm" role="status">
        {t('list.count', { count: list.total })}
      </MutedText>
      <ApiErrorAlert error={error} />
      {list.items.length > 0 && (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('list.label')}>
          {list.items.map((code) => (
            <PromoRow
              key={code.id}
              code={code}
              targets={props.targets}
              locale={props.locale}
              busy={busyId === code.id}
              onToggle={() => run(code.id, () => changePromoCode(code.id, { active: !code.active }))}
              onDelete={() => run(code.id, () => deletePromoCode(code.id))}
            />
          ))}
        </Stack>
      )}
      {pages > 1 && <Pager filter={props.filter} pages={pages} />}
    </Stack>
  )
}

function ListFilter(props: { filter: PromoListFilter; targets: PromoTargets; locale: Locale }) {
  const { t } = useTranslation('promoadmin')
  return (
    <Form method="get" role="search" aria-label={t('list.search')}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          name="q"
          label={t('list.q')}
          defaultValue={props.filter.q}
          maxLength={32}
          autoComplete="off"
          style={{ flex: '1 1 10rem' }}
        />
        <NativeSelect
          name="event"
          label={t('list.event')}
          defaultValue={props.filter.eventId}
          data={[
            { value: '', label: t('list.anyEvent') },
            ...props.targets.events.map((e) => ({
              value: e.id,
              label: `${e.name} · ${formatDate(e.startsAt, props.locale)}`,
            })),
          ]}
          style={{ flex: '1 1 12rem', minWidth: 0 }}
        />
        <Button type="submit" variant="light">
          {t('list.searchButton')}
        </Button>
      </Group>
    </Form>
  )
}

function Pager(props: { filter: PromoListFilter; pages: number }) {
  const { t } = useTranslation('promoadmin')
  const { page } = props.filter
  const to = (p: number) => {
    const params = new URLSearchParams()
    if (props.filter.q) params.set('q', props.filter.q)
    if (props.filter.eventId) params.set('event', props.filter.eventId)
    params.set('page', String(p))
    return `?${params}`
  }
  return (
    <Group component="nav" aria-label={t('list.pages')} justify="space-between" gap="sm">
      {page > 0 ? (
        <Button component={Link} to={to(page - 1)} variant="subtle">
          {t('list.previous')}
        </Button>
      ) : (
        <span />
      )}
      <Text size="sm">{t('list.pageOf', { page: page + 1, pages: props.pages })}</Text>
      {page + 1 < props.pages ? (
        <Button component={Link} to={to(page + 1)} variant="subtle">
          {t('list.next')}
        </Button>
      ) : (
        <span />
      )}
    </Group>
  )
}

function PromoRow(props: {
  code: PromoCodeView
  targets: PromoTargets
  locale: Locale
  busy: boolean
  onToggle: () => void
  onDelete: () => void
}) {
  const { t } = useTranslation('promoadmin')
  const [confirming, setConfirming] = useState(false)
  const { code, locale } = props
  const discount =
    code.kind === 'PERCENT'
      ? `${formatNumber((code.percentBps ?? 0) / 100, locale)} %`
      : formatMoney({ amount: code.amount ?? 0, currency: (code.currency ?? 'COP') as Currency }, locale)
  const names = new Map(props.targets.events.map((e) => [e.id, e.name]))
  const events =
    code.eventIds.length === 0
      ? t('row.allEvents')
      : code.eventIds.map((id) => names.get(id) ?? t('row.pastEvent')).join(', ')
  const when = (iso: string) => `${formatDate(iso, locale)} ${formatTime(iso, locale)}`
  return (
    <Stack
      component="li"
      gap={6}
      py="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      data-testid="promo-row"
      data-code={code.code}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fw={700} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {code.code}
        </Text>
        <Badge color={STATE_COLOR[code.state]} variant="filled">
          {t(`state.${code.state}`)}
        </Badge>
      </Group>
      <Text size="sm">
        {t('row.discount', { discount })}
        {code.zoneIds.length > 0 ? ` · ${t('row.someTiers', { count: code.zoneIds.length })}` : ''}
      </Text>
      <Text size="sm">{t('row.events', { events })}</Text>
      <Text size="sm" data-testid="promo-uses">
        {code.maxUses === null
          ? t('row.usesNoCap', { uses: code.uses })
          : t('row.uses', { uses: code.uses, max: code.maxUses, remaining: code.remaining ?? 0 })}
        {code.maxUsesPerFan !== null ? ` · ${t('row.perFan', { count: code.maxUsesPerFan })}` : ''}
      </Text>
      <MutedText size="sm">
        {code.startsAt || code.endsAt
          ? t('row.validity', {
              from: code.startsAt ? when(code.startsAt) : t('row.now'),
              until: code.endsAt ? when(code.endsAt) : t('row.noEnd'),
            })
          : t('row.always')}
        {code.batchLabel ? ` · ${t('row.batch', { label: code.batchLabel })}` : ''}
      </MutedText>
      <Group gap="sm" wrap="wrap">
        <Button
          size="xs"
          variant="light"
          onClick={props.onToggle}
          loading={props.busy}
          data-testid="promo-toggle"
        >
          {code.active ? t('row.deactivate') : t('row.activate')}
        </Button>
        {code.batchId && (
          <Anchor href={batchCsvPath(code.batchId)} download size="sm" fw={600}>
            {t('row.downloadBatch')}
          </Anchor>
        )}
        {code.uses === 0 &&
          (confirming ? (
            <Group gap="xs">
              <Text size="sm">{t('row.confirmDelete', { code: code.code })}</Text>
              <Button size="xs" color="red" onClick={props.onDelete} disabled={props.busy}>
                {t('row.yesDelete')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                {t('row.keep')}
              </Button>
            </Group>
          ) : (
            <Button size="xs" variant="outline" color="red" onClick={() => setConfirming(true)}>
              {t('row.delete')}
            </Button>
          ))}
      </Group>
    </Stack>
  )
}
