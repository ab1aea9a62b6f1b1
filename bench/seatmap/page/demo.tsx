import '@mantine/core/styles.css'
import { Button, Container, Grid, Group, MantineProvider, Stack, Title } from '@mantine/core'
import type { Locale } from '@palco/domain/locale/country'
import type { SeatChange } from '@palco/domain/seating/availability'
import { flattenSections, type Layout } from '@palco/domain/seating/layout'
import i18next from 'i18next'
import { StrictMode, useMemo, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { generateStadiumLayout, generateTheatreLayout } from '../../../apps/api/src/db/seed/layouts'
import { HoldCountdown } from '../../../apps/web/app/features/seat-map/components/hold-countdown'
import { SeatMap, type SeatMapHandle } from '../../../apps/web/app/features/seat-map/components/seat-map'
import { SeatPickerList } from '../../../apps/web/app/features/seat-map/components/seat-picker-list'
import { SelectionSummary } from '../../../apps/web/app/features/seat-map/components/selection-summary'
import { TribunePicker } from '../../../apps/web/app/features/seat-map/components/tribune-picker'
import type { SeatChangeSource } from '../../../apps/web/app/lib/seat-map/model/seat-change-source'
import type { SeatMapZones } from '../../../apps/web/app/lib/seat-map/model/seat-map-zone'
import enUS from '../../../apps/web/app/locales/en-US/seatmap.json'
import esCO from '../../../apps/web/app/locales/es-CO/seatmap.json'
import { generateBenchAvailability, prng } from '../generate-availability'

/**
 * A harness for the React parts of the seat map with the demo stadium (or theatre, or a tribune layout):
 * what the checkout page will compose, with a simulated live feed. The benchmark screenshots it.
 * Query: ?lng=en-US&venue=theatre|tribune&scheme=dark&expires=90 (seconds).
 */
const params = new URLSearchParams(location.search)
const locale: Locale = params.get('lng') === 'en-US' ? 'en-US' : 'es-CO'
const venue = params.get('venue') ?? 'stadium'
const currency = locale === 'en-US' ? 'MXN' : 'COP'

await i18next.use(initReactI18next).init({
  lng: locale,
  resources: { 'es-CO': { seatmap: esCO }, 'en-US': { seatmap: enUS } },
  ns: ['seatmap'],
  defaultNS: 'seatmap',
  interpolation: { escapeValue: false },
})

const lang = locale === 'en-US' ? 'en' : 'es'
const base = (venue === 'theatre' ? generateTheatreLayout({ lang }) : generateStadiumLayout({ lang }))
  .data as Layout
const layout: Layout = venue === 'tribune' ? { ...base, kind: 'Tribune_selection' } : base
const availability = generateBenchAvailability(layout, 7)
const zones: SeatMapZones = Object.fromEntries(
  flattenSections(layout.sections).map((s, i) => [
    s.code,
    {
      zoneId: `zone-${s.color}`,
      name: s.name,
      color: s.color,
      price: { amount: (currency === 'COP' ? 8_000_000 : 45_000) * (1 + (i % 4)), currency },
    },
  ]),
)

/** A fake live feed: someone holds or frees a random place every 700 ms. */
function fakeFeed(): SeatChangeSource {
  return {
    subscribe(listener) {
      const rand = prng(99)
      const sections = flattenSections(layout.sections).filter((s) => s.numbered)
      let version = availability.version
      const timer = setInterval(() => {
        const s = sections[Math.floor(rand() * sections.length)]
        if (!s) return
        const places = (s.rows ?? []).reduce((n, r) => n + r.seats.length, 0)
        const change: SeatChange = {
          version: ++version,
          changes: [{ section: s.code, index: Math.floor(rand() * places), state: rand() < 0.5 ? 'H' : 'A' }],
        }
        listener(change)
      }, 700)
      return () => clearInterval(timer)
    },
  }
}

function Demo() {
  const [selected, setSelected] = useState<Set<string>>(() => new Set())
  const [mine] = useState<Set<string>>(() => new Set())
  const [quantities, setQuantities] = useState<Record<string, number>>({})
  const [expiresAt] = useState(() =>
    new Date(Date.now() + Number(params.get('expires') ?? 600) * 1000).toISOString(),
  )
  const map = useRef<SeatMapHandle>(null)
  const feed = useMemo(fakeFeed, [])
  const toggle = (key: string) =>
    setSelected((prev) => {
      const next = new Set(prev)
      if (!next.delete(key)) next.add(key)
      return next
    })
  const drop = (keys: string[]) => setSelected((prev) => new Set([...prev].filter((k) => !keys.includes(k))))
  const pick = (code: string, n = 2) => setQuantities((q) => ({ ...q, [code]: n }))
  ;(window as unknown as { demo: unknown }).demo = { map, select: toggle, pick }

  return (
    <Container size="xl" py="md">
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h3">
            {layout.stage.label}
          </Title>
          <HoldCountdown expiresAt={expiresAt} onExpired={() => setSelected(new Set())} />
        </Group>
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {layout.kind === 'Tribune_selection' ? (
              <TribunePicker
                layout={layout}
                availability={availability}
                zones={zones}
                locale={locale}
                onPick={pick}
              />
            ) : (
              <SeatMap
                ref={map}
                layout={layout}
                availability={availability}
                mine={mine}
                selected={selected}
                zones={zones}
                locale={locale}
                onToggleSeat={toggle}
                onPickSection={(code) => pick(code)}
                onSeatsTaken={drop}
                maxSelectable={10}
                changes={feed}
                alternativeHref="#seat-list"
              />
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack>
              <SelectionSummary
                layout={layout}
                seats={selected}
                zones={zones}
                locale={locale}
                quantities={quantities}
                onRemoveSeat={toggle}
                onRemoveQuantity={(code) => setQuantities(({ [code]: _, ...rest }) => rest)}
              />
              <Button disabled={selected.size === 0}>OK</Button>
            </Stack>
          </Grid.Col>
        </Grid>
        {layout.kind !== 'Tribune_selection' && (
          <SeatPickerList
            id="seat-list"
            layout={layout}
            availability={availability}
            mine={mine}
            selected={selected}
            zones={zones}
            locale={locale}
            onToggleSeat={toggle}
            onPickQuantity={pick}
            maxSelectable={10}
            changes={feed}
            onSectionChange={(code) => map.current?.focusSection(code)}
          />
        )}
      </Stack>
    </Container>
  )
}

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18next}>
        <MantineProvider forceColorScheme={params.get('scheme') === 'dark' ? 'dark' : 'light'}>
          <Demo />
        </MantineProvider>
      </I18nextProvider>
    </StrictMode>,
  )
}
