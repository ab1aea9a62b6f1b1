import {
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import type { CounterSale, OperatorEvents, ShiftView } from '@palco/domain/box-office/contract'
import type { EventPage, TourCard } from '@palco/domain/catalog/event-card'
import type { EventDetail } from '@palco/domain/catalog/event-detail'
import type { OrderView } from '@palco/domain/checkout/contract'
import { formatDate, formatTime } from '@palco/domain/format/format'
import { currencyOf } from '@palco/domain/locale/country'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Form, Link, redirect, useNavigate } from 'react-router'
import { MutedText } from '../../components/ui/muted-text'
import { planByCodePath, SHIFT_PATH } from '../../features/box-office/api/box-office'
import { CloseShiftForm, OpenShiftForm, ShiftReport } from '../../features/box-office/components/shift-panel'
import { sellsEvent } from '../../features/box-office/model/operator-events'
import { ZonePicker } from '../../features/checkout/components/zone-picker'
import type { Route } from './+types/home'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/**
 * `/assistant`: the operators' home (issue 15). The shift (open it with a float, its running totals, close
 * it by a blind count), the events to sell (a search that works as a plain form), and check-in.
 * `?event=<slug>` of an event sold without a map shows its zones and quantities, as the fans' /checkout does.
 * `?code=<receipt code>` opens that sale's receipt: a reservation to collect, or one of the operator's sales —
 * or a paguitos plan's page, to take its next payment.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const slug = url.searchParams.get('event')?.trim()
  const q = url.searchParams.get('q')?.trim() ?? ''
  const code = url.searchParams.get('code')?.trim().toUpperCase() ?? ''
  if (code) {
    // A paguitos plan of the country, bought online or at a counter: its page takes the next payment.
    const plan = await context.api<OrderView>(planByCodePath(code))
    if (plan.status === 200) throw redirect(`/assistant/installment?order=${plan.data.id}`)
    const found = await context.api<CounterSale>(`/api/assistant/sales?code=${encodeURIComponent(code)}`)
    if (found.status === 200) throw redirect(`/assistant/successful_purchase?sale=${found.data.orderId}`)
  }
  const shiftRes = await context.api<{ shift: ShiftView | null }>(SHIFT_PATH)
  const shift = shiftRes.status === 200 ? shiftRes.data.shift : null
  let zonesOf: Pick<EventDetail, 'id' | 'slug' | 'name' | 'zones'> | null = null
  if (slug) {
    const res = await context.api<EventDetail>(`/api/event?slug=${encodeURIComponent(slug)}`)
    if (res.status !== 200) throw data(null, { status: 404 })
    if (res.data.hasLayout) throw redirect(`/assistant/stadium?event=${encodeURIComponent(slug)}`)
    zonesOf = { id: res.data.id, slug: res.data.slug, name: res.data.name, zones: res.data.zones }
  }
  const [events, mine, tours] = await Promise.all([
    context.api<EventPage>(`/api/events?size=20${q ? `&q=${encodeURIComponent(q)}` : ''}`),
    context.api<OperatorEvents>('/api/assistant/events'),
    context.api<TourCard[]>('/api/tours'),
  ])
  return {
    name: context.session?.name ?? '',
    locale: context.locale,
    currency: currencyOf(context.country),
    shift,
    q,
    // A code that found nothing is said next to its field.
    code,
    zonesOf,
    events: events.status === 200 ? events.data.content.filter((e) => sellsEvent(mine, e.id)) : [],
    // A tour's dates are sold from its own page (/assistant/tour/select), which keeps the assignment too.
    tours: tours.status === 200 ? tours.data.map((tour) => ({ slug: tour.slug, name: tour.name })) : [],
  }
}

export default function OperatorHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('boxoffice')
  const navigate = useNavigate()
  const { locale, currency, zonesOf } = loaderData
  const [shift, setShift] = useState<ShiftView | null>(loaderData.shift)
  const [closed, setClosed] = useState<ShiftView | null>(null)
  const sellTitle = useId()
  const checkInTitle = useId()
  const findTitle = useId()
  return (
    <Container size="md" px="md" py="xl">
      <title>{`${t('common:operatorHome.title')} · Palco`}</title>
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{t('common:operatorHome.title')}</Title>
          <MutedText>{t('common:operatorHome.lead', { name: loaderData.name })}</MutedText>
        </Stack>

        {zonesOf ? (
          <Stack gap="sm">
            <Anchor component={Link} to="/assistant" size="sm">
              {t('sell.backToEvents')}
            </Anchor>
            <Title order={2}>{zonesOf.name}</Title>
            <ZonePicker
              eventId={zonesOf.id}
              zones={zonesOf.zones}
              locale={locale}
              onHeld={(id) =>
                navigate(`/assistant/buy?event=${encodeURIComponent(zonesOf.slug)}&reservation=${id}`)
              }
            />
          </Stack>
        ) : (
          <>
            {closed && <ShiftReport shift={closed} locale={locale} />}
            {shift ? (
              <ShiftReport shift={shift} locale={locale} />
            ) : (
              <OpenShiftForm
                currency={currency}
                locale={locale}
                onOpened={(s) => {
                  setClosed(null)
                  setShift(s)
                }}
              />
            )}
            {shift && (
              <Paper component="section" withBorder radius="md" p="lg" aria-labelledby={sellTitle}>
                <Stack gap="sm">
                  <Title order={2} size="h3" id={sellTitle}>
                    {t('sell.title')}
                  </Title>
                  <Form method="get" role="search">
                    <Group align="flex-end" gap="xs" wrap="wrap">
                      <TextInput
                        name="q"
                        label={t('sell.search')}
                        defaultValue={loaderData.q}
                        style={{ flex: 1, minWidth: 200 }}
                      />
                      <Button type="submit" variant="default">
                        {t('sell.searchButton')}
                      </Button>
                    </Group>
                  </Form>
                  {loaderData.events.length === 0 ? (
                    <Text c="dimmed">{t('sell.noEvents')}</Text>
                  ) : (
                    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                      {loaderData.events.map((e) => (
                        <Group
                          key={e.id}
                          component="li"
                          justify="space-between"
                          wrap="wrap"
                          gap="xs"
                          data-testid="sell-event"
                        >
                          <Stack gap={0}>
                            <Text fw={600}>{e.name}</Text>
                            <Text size="sm" c="dimmed">
                              {formatDate(e.startsAt, locale, e.timeZone)} ·{' '}
                              {formatTime(e.startsAt, locale, e.timeZone)} · {e.venueName}
                            </Text>
                          </Stack>
                          <Button
                            component={Link}
                            to={`/assistant/stadium?event=${encodeURIComponent(e.slug)}`}
                            size="sm"
                            aria-label={t('sell.sellEvent', { name: e.name })}
                          >
                            {t('sell.sell')}
                          </Button>
                        </Group>
                      ))}
                    </Stack>
                  )}
                  {loaderData.tours.length > 0 && (
                    <Stack gap={4}>
                      <Title order={3} size="h5">
                        {t('sell.tours')}
                      </Title>
                      <Group
                        gap="md"
                        wrap="wrap"
                        component="ul"
                        style={{ listStyle: 'none', padding: 0, margin: 0 }}
                      >
                        {loaderData.tours.map((tour) => (
                          <li key={tour.slug}>
                            <Anchor
                              component={Link}
                              to={`/assistant/tour/select?tour=${encodeURIComponent(tour.slug)}`}
                              aria-label={t('sell.sellTour', { name: tour.name })}
                            >
                              {tour.name}
                            </Anchor>
                          </li>
                        ))}
                      </Group>
                    </Stack>
                  )}
                </Stack>
              </Paper>
            )}
            {shift && (
              <CloseShiftForm
                currency={shift.currency}
                locale={locale}
                onClosed={(s) => {
                  setShift(null)
                  setClosed(s)
                }}
              />
            )}
          </>
        )}

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Paper
            component="section"
            withBorder
            radius="md"
            p="lg"
            aria-labelledby={checkInTitle}
            data-testid="operator-tool"
          >
            <Stack gap="sm" align="flex-start">
              <Title order={2} size="h3" id={checkInTitle}>
                {t('common:operatorHome.checkIn.title')}
              </Title>
              <Text>{t('common:operatorHome.checkIn.body')}</Text>
              <Button component={Link} to="/assistant/check-in">
                {t('common:operatorHome.checkIn.open')}
              </Button>
            </Stack>
          </Paper>
          <Paper component="section" withBorder radius="md" p="lg" aria-labelledby={findTitle}>
            <Stack gap="sm">
              <Title order={2} size="h3" id={findTitle}>
                {t('find.title')}
              </Title>
              <Text>{t('find.body')}</Text>
              {/* A plain form: it works before the page's script, and the server opens the receipt. */}
              <Form method="get" role="search">
                <Group align="flex-start" gap="xs" wrap="wrap">
                  <TextInput
                    name="code"
                    label={t('find.code')}
                    defaultValue={loaderData.code}
                    minLength={4}
                    maxLength={20}
                    required
                    autoComplete="off"
                    error={loaderData.code ? t('find.notFound', { code: loaderData.code }) : undefined}
                    style={{ flex: 1, minWidth: 160 }}
                    data-testid="find-code"
                  />
                  <Button type="submit" variant="default" mt={25}>
                    {t('find.submit')}
                  </Button>
                </Group>
              </Form>
            </Stack>
          </Paper>
        </SimpleGrid>
      </Stack>
    </Container>
  )
}
