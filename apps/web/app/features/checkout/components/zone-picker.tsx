import { Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core'
import type { PriceZone } from '@palco/domain/catalog/event-detail'
import { formatMoney } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { MAX_PLACES_PER_PICK } from '@palco/domain/seating/pick-limits'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { type ApiError, asApiError } from '../../../lib/api-client'
import { holdZone } from '../api/hold-zone'

/**
 * The checkout entry of an event sold without a seat map: how many tickets of which zone. Holding them
 * starts the same 10-minute hold as a seat pick, and the cart follows.
 */
export function ZonePicker(props: {
  eventId: string
  zones: PriceZone[]
  locale: Locale
  onHeld: (reservationId: string) => void
}) {
  const { t } = useTranslation('checkout')
  const titleId = useId()
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<ApiError | null>(null)

  // The quantity is read from the select itself when the zone is held: one changed before the page's
  // script ran shows its number, and that is the number held (a copy in React state would still say 1).
  const hold = async (e: FormEvent<HTMLFormElement>, zone: PriceZone) => {
    e.preventDefault()
    const quantity = Number(new FormData(e.currentTarget).get('quantity')) || 1
    setBusy(zone.id)
    setError(null)
    try {
      const reservation = await holdZone(props.eventId, zone.id, quantity)
      props.onHeld(reservation.id)
    } catch (e) {
      setError(asApiError(e))
      setBusy(null)
    }
  }

  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={titleId}
      data-testid="zone-picker"
    >
      <Stack gap="md">
        <Title order={2} size="h4" id={titleId}>
          {t('pick.title')}
        </Title>
        <ApiErrorAlert error={error} />
        {props.zones.length === 0 && <Text>{t('pick.none')}</Text>}
        {props.zones.map((zone) => {
          const max = Math.max(
            0,
            Math.min(MAX_PLACES_PER_PICK.fan, zone.perFanMax, zone.available ?? MAX_PLACES_PER_PICK.fan),
          )
          return (
            <Group key={zone.id} justify="space-between" align="flex-end" gap="sm" wrap="wrap">
              <Stack gap={0} style={{ flex: '1 1 160px', minWidth: 0 }}>
                <Text fw={600}>{zone.name}</Text>
                <Text size="sm">
                  {zone.price.amount > 0 ? formatMoney(zone.price, props.locale) : t('pick.free')}
                </Text>
              </Stack>
              {zone.soldOut || max === 0 ? (
                <Text size="sm" c="red.9">
                  {t('pick.soldOut')}
                </Text>
              ) : (
                <form noValidate onSubmit={(e) => void hold(e, zone)}>
                  <Group gap="xs" align="flex-end" wrap="nowrap">
                    <NativeSelect
                      name="quantity"
                      label={t('pick.quantity', { zone: zone.name })}
                      defaultValue="1"
                      data={Array.from({ length: max }, (_, i) => String(i + 1))}
                      w={96}
                    />
                    {/* Named by zone: a screen reader's list of buttons would otherwise read "Reservar" five times. */}
                    <Button
                      type="submit"
                      loading={busy === zone.id}
                      disabled={busy !== null}
                      aria-label={t('pick.holdZone', { zone: zone.name })}
                    >
                      {t('pick.hold')}
                    </Button>
                  </Group>
                </form>
              )}
            </Group>
          )
        })}
      </Stack>
    </Paper>
  )
}
