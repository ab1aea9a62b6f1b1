import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { formatDate, formatTime } from '@palco/domain/format/format'
import type { TicketDetail } from '@palco/domain/tickets/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, redirect, useRevalidator } from 'react-router'
import { installmentsPageOf } from '../../features/checkout/model/installment-plan'
import { ticketCalendarUrl, ticketPdfUrl } from '../../features/tickets/api/ticket-detail'
import { LocationLine } from '../../features/tickets/components/location-line'
import { TicketQr } from '../../features/tickets/components/ticket-qr'
import { TransferDialog } from '../../features/tickets/components/transfer-dialog'
import type { Route } from './+types/ticket-detail'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

// Carries the code's secret: never kept by a cache or the back/forward cache of another user.
export function headers() {
  return { 'cache-control': 'no-store' }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const res = await context.api<TicketDetail>(`/api/tickets/${encodeURIComponent(params.ticketId)}`)
  if (res.status === 401) {
    throw redirect(`/authorization/login?redirectTo=${encodeURIComponent(new URL(request.url).pathname)}`)
  }
  if (res.status === 404 || res.status === 400) throw data(null, { status: 404 })
  if (res.status !== 200) throw data(null, { status: 503 })
  return { ticket: res.data, locale: context.locale, country: context.country }
}

/**
 * `/my-tickets/:ticketId` (issue 7, parts 2–5): the ticket in its event's frame — when (venue time), where
 * (spec §3 label), kind, ownership, rules — with its QR drawn here, the PDF and the transfer dialog.
 */
export default function TicketDetailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('tickets')
  const { ticket: tk, locale, country } = loaderData
  const revalidator = useRevalidator()
  const [transferring, setTransferring] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
  const tz = tk.event.timeZone
  const frame = tk.frame
  return (
    <Container size="xs" px="md" py="xl">
      <title>{`${t('detail.title')} · ${tk.event.name} · Palco`}</title>
      <Stack gap="lg">
        <Anchor component={Link} to="/my-tickets">
          {t('detail.back')}
        </Anchor>
        {notice && (
          <Alert color="teal" variant="light" role="status" data-testid="transfer-done">
            {notice}
          </Alert>
        )}
        <Paper
          withBorder
          radius="lg"
          p="lg"
          component="article"
          aria-labelledby="ticket-title"
          style={frame ? { borderTop: `6px solid ${frame.accentColor}` } : undefined}
        >
          <Stack gap="md">
            {/* The frame's artwork is decoration around the ticket; its colours stay in the accent border,
                so the text keeps the theme's checked contrast whatever the frame's colours are. */}
            {frame?.imageUrl && (
              <img
                src={frame.imageUrl}
                alt=""
                data-testid="ticket-frame"
                style={{
                  width: '100%',
                  maxHeight: 120,
                  objectFit: 'cover',
                  borderRadius: 8,
                  display: 'block',
                }}
              />
            )}
            <div>
              <Text size="sm" fw={700} tt="uppercase">
                {t('detail.title')}
              </Text>
              <Title order={1} size="h2" id="ticket-title" style={{ overflowWrap: 'anywhere' }}>
                {tk.event.name}
              </Title>
            </div>
            <Group gap="xs" wrap="wrap">
              <Badge
                color={tk.status === 'VALID' ? 'teal.9' : tk.status === 'LOCKED' ? 'indigo.9' : 'gray.7'}
                variant="filled"
                tt="none"
                data-testid="ticket-status"
              >
                {t(`tickets.status.${tk.status}`)}
              </Badge>
              <Badge color="dark" variant="outline" tt="none">
                {t(`tickets.kind.${tk.kind}`)}
              </Badge>
              <Badge color="blue.9" variant="outline" tt="none" data-testid="ticket-ownership">
                {t(`tickets.ownership.${tk.ownership}`)}
              </Badge>
            </Group>
            <dl style={{ margin: 0 }}>
              <Text component="dt" size="sm" fw={700}>
                {t('detail.when')}
              </Text>
              <Text component="dd" ml={0} mb="xs">
                <time dateTime={tk.event.startsAt}>
                  {formatDate(tk.event.startsAt, locale, tz)} · {formatTime(tk.event.startsAt, locale, tz)}
                </time>
              </Text>
              <Text component="dt" size="sm" fw={700}>
                {t('detail.where')}
              </Text>
              <Text component="dd" ml={0} mb="xs">
                {tk.event.venueName}, {tk.event.city}
                <br />
                <LocationLine parts={tk.location} />
              </Text>
              {/* Whom it is for: an inscription's participant (issue 17), a walk-in sold at the counter. */}
              {tk.holderName && (
                <>
                  <Text component="dt" size="sm" fw={700}>
                    {t('detail.holder')}
                  </Text>
                  <Text component="dd" ml={0} mb="xs" data-testid="ticket-holder">
                    {tk.holderName}
                  </Text>
                </>
              )}
              <Text component="dt" size="sm" fw={700}>
                {t('detail.purchase')}
              </Text>
              <Text component="dd" ml={0} ff="monospace">
                {tk.purchaseCode}
              </Text>
            </dl>

            {tk.qr && <TicketQr qr={tk.qr} />}
            {/* A paguitos ticket (issue 16): no code, print or transfer until its plan is paid. */}
            {tk.status === 'LOCKED' && (
              <Alert color="indigo" variant="light" data-testid="ticket-locked">
                <Stack gap="sm" align="flex-start">
                  {/* In the text's own colour: the alert's title colour is too light to read on its tint. */}
                  <Text fw={700}>{t('detail.lockedTitle')}</Text>
                  <Text size="sm">{t('detail.lockedBody')}</Text>
                  <Button
                    component={Link}
                    to={installmentsPageOf(tk.purchaseId)}
                    data-testid="ticket-installments"
                  >
                    {t('detail.lockedLink')}
                  </Button>
                </Stack>
              </Alert>
            )}
            {tk.checkIn && (
              <Alert color="gray" variant="light" data-testid="ticket-used">
                {t('detail.used', {
                  date: formatDate(tk.checkIn.at, locale, tz),
                  time: formatTime(tk.checkIn.at, locale, tz),
                  gate: tk.checkIn.gate,
                })}
              </Alert>
            )}
            {tk.status === 'TRANSFERRED' && (
              <Alert color="gray" variant="light" data-testid="ticket-transferred">
                {t('detail.transferredAway', { contact: tk.transferredTo ?? '' })}
              </Alert>
            )}

            {tk.status === 'VALID' && (
              <Group gap="sm" wrap="wrap">
                <Button
                  component="a"
                  href={ticketPdfUrl(tk.id)}
                  target="_blank"
                  rel="noopener"
                  variant="default"
                >
                  {t('detail.pdf')}
                </Button>
                <Button
                  component="a"
                  href={ticketCalendarUrl(tk.id)}
                  download
                  variant="default"
                  data-testid="ticket-calendar"
                >
                  {t('detail.addToCalendar')}
                </Button>
                {tk.transferable ? (
                  <Button onClick={() => setTransferring(true)} data-testid="transfer-open">
                    {t('detail.transfer')}
                  </Button>
                ) : (
                  <Text size="sm">{t('detail.notTransferable')}</Text>
                )}
              </Group>
            )}

            <section aria-labelledby="ticket-rules">
              <Title order={2} size="h4" id="ticket-rules" mb="xs">
                {t('detail.rules')}
              </Title>
              <List size="sm" spacing={2}>
                {tk.rules.map((r) => (
                  <List.Item key={r.key}>{t(`rules.${r.key}`, { count: r.count ?? 0 })}</List.Item>
                ))}
              </List>
            </section>
          </Stack>
        </Paper>
      </Stack>
      {tk.transferable && (
        <TransferDialog
          ticketId={tk.id}
          opened={transferring}
          defaultPrefix={country === 'MEX' ? '+52' : '+57'}
          onClose={() => setTransferring(false)}
          onDone={() => {
            setTransferring(false)
            setNotice(t('detail.transferred'))
            void revalidator.revalidate()
          }}
        />
      )}
    </Container>
  )
}
