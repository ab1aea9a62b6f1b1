import { Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import type { LayoutProblem } from '@palco/domain/seating/layout-validation'
import { memo, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { MutedText } from '../../../components/ui/muted-text'
import { problemValues } from '../model/problem-target'
import classes from './layout-editor.module.css'

/** Mantine's darkest orange (orange.9) is 4.3:1 under white text; this one keeps AA contrast. */
const WARNING_BADGE = '#b94208'

/** One problem of the check as a sentence in the page's language, from its code and values. */
export function useProblemText() {
  const { t } = useTranslation('layouteditor')
  return (p: LayoutProblem) => {
    const values = problemValues(p)
    // The problems past the first fifty of a code come as one, with their count and no object.
    if (typeof values.more === 'number')
      return t('problems.more', { count: values.more, problem: t(`problem_names.${p.code}`) })
    const what =
      p.target.kind === 'section'
        ? t('problems.what_section', { section: p.target.section })
        : p.target.kind === 'shape'
          ? t('problems.what_shape', { shape: p.target.shape })
          : ''
    return t(`problems.${p.code}`, { ...values, what })
  }
}

/**
 * The check's errors and warnings. Errors block publishing, warnings do not; each message is a button that
 * selects what it is about and shows it on the canvas.
 */
export const ValidationPanel = memo(function ValidationPanel(props: {
  problems: LayoutProblem[] | null
  onShow: (problem: LayoutProblem) => void
}) {
  const { t } = useTranslation('layouteditor')
  const text = useProblemText()
  const titleId = useId()
  const { problems } = props
  const errors = problems?.filter((p) => p.severity === 'error') ?? []
  const warnings = problems?.filter((p) => p.severity === 'warning') ?? []

  const list = (items: LayoutProblem[], kind: 'error' | 'warning') => (
    <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }} className={classes.problemList}>
      {items.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: problems have no identity of their own; the list is rebuilt whole
        <li key={`${p.code}-${i}`}>
          <button
            type="button"
            className={classes.problemButton}
            onClick={() => props.onShow(p)}
            data-testid={`layout-problem-${kind}`}
            data-code={p.code}
          >
            <Text
              span
              size="sm"
              className={kind === 'error' ? classes.errorText : classes.warningText}
              fw={600}
            >
              {t(kind === 'error' ? 'check.error' : 'check.warning')}:
            </Text>{' '}
            {text(p)}
          </button>
        </li>
      ))}
    </Stack>
  )

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-labelledby={titleId}
      data-testid="layout-check"
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h5" id={titleId}>
            {t('check.title')}
          </Title>
          {problems === null ? (
            // Decoration only: the status line below says in words that the check is running.
            <Loader size="xs" aria-hidden />
          ) : (
            <Group gap={4}>
              <Badge color={errors.length ? 'red.9' : 'teal.9'} variant="filled">
                {t('check.errors', { count: errors.length })}
              </Badge>
              <Badge color={WARNING_BADGE} variant="filled">
                {t('check.warnings', { count: warnings.length })}
              </Badge>
            </Group>
          )}
        </Group>
        <div role="status" aria-live="polite">
          <MutedText size="sm">
            {problems === null
              ? t('check.running')
              : errors.length
                ? t('check.blocked')
                : warnings.length
                  ? t('check.only_warnings')
                  : t('check.clean')}
          </MutedText>
        </div>
        {errors.length > 0 && list(errors, 'error')}
        {warnings.length > 0 && list(warnings, 'warning')}
      </Stack>
    </Paper>
  )
})
