import { Text } from '@mantine/core'
import type { LocationPart } from '@palco/domain/tickets/location'
import { useTranslation } from 'react-i18next'

/** A ticket's place as spec §3 labels it (ATS vs SAN/IFC/OSW), each value after its translated label. */
export function LocationLine(props: { parts: readonly LocationPart[]; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('tickets')
  return (
    <Text size={props.size ?? 'md'} component="span">
      {props.parts.map((p, i) => (
        <span key={p.key}>
          {i > 0 && ' · '}
          {t(`location.${p.key}`)} <strong>{p.value}</strong>
        </span>
      ))}
    </Text>
  )
}
