import { Text } from '@mantine/core'
import { formatDate, formatTime } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { MutedText } from '../../../components/ui/muted-text'

/** Date and time in the venue's zone (DESIGN §5), spelled as spec §2 says, with a "local time" hint. */
export function EventWhen(props: {
  startsAt: string
  timeZone: string
  locale: Locale
  size?: 'sm' | 'md' | 'lg'
  showZone?: boolean
}) {
  const { t } = useTranslation('catalog')
  const date = formatDate(props.startsAt, props.locale, props.timeZone)
  const time = formatTime(props.startsAt, props.locale, props.timeZone)
  return (
    <Text size={props.size ?? 'md'}>
      <time dateTime={props.startsAt} data-testid="event-time">
        {t('event.dateAndTime', { date, time })}
      </time>
      {props.showZone && (
        <MutedText component="span" size="sm">
          {' '}
          ({t('event.localTime')})
        </MutedText>
      )}
    </Text>
  )
}
