import { ActionIcon, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

const iconProps = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const

const CopyIcon = () => (
  <svg {...iconProps} aria-hidden="true">
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
  </svg>
)

const CheckIcon = () => (
  <svg {...iconProps} aria-hidden="true">
    <path d="M20 6 9 17l-5-5" />
  </svg>
)

/** A label and its value, with an optional copy button (a CLABE or reference typed into a banking app). */
export function Fact(props: {
  label: string
  value: ReactNode
  copy?: string
  testId?: string
  mono?: boolean
}) {
  const { t } = useTranslation('checkout')
  return (
    <Stack gap={0} component="div">
      <Text size="xs" c="dimmed" component="dt">
        {props.label}
      </Text>
      <Group gap="xs" wrap="nowrap" component="dd" m={0}>
        <Text
          fw={600}
          ff={props.mono ? 'monospace' : undefined}
          data-testid={props.testId}
          style={{ overflowWrap: 'anywhere' }}
        >
          {props.value}
        </Text>
        {props.copy && (
          <CopyButton value={props.copy} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('facts.copied') : t('facts.copy', { what: props.label })} withArrow>
                <ActionIcon
                  variant="subtle"
                  onClick={copy}
                  aria-label={copied ? t('facts.copied') : t('facts.copy', { what: props.label })}
                  data-testid={props.testId ? `${props.testId}-copy` : undefined}
                >
                  {copied ? <CheckIcon /> : <CopyIcon />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        )}
      </Group>
    </Stack>
  )
}

export function Facts({ children }: { children: ReactNode }) {
  return (
    <Stack component="dl" gap="sm" m={0}>
      {children}
    </Stack>
  )
}
