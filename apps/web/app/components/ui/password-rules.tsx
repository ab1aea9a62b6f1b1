import { List, VisuallyHidden } from '@mantine/core'
import { PASSWORD_RULES, passwordRuleResults } from '@palco/domain/validation/rules'
import { useTranslation } from 'react-i18next'
import classes from './password-rules.module.css'

function Mark({ ok }: { ok: boolean }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
    >
      {ok ? <path d="M4 12l5 5L20 6" /> : <circle cx="12" cy="12" r="4" />}
    </svg>
  )
}

/**
 * The spec §5 password rules as a checklist that follows what is typed. Each item also says in words
 * whether it is met, so the state is not carried by colour or icon alone.
 */
export function PasswordRules(props: { password: string; id?: string }) {
  const { t } = useTranslation()
  const results = passwordRuleResults(props.password)
  return (
    <List
      id={props.id}
      size="sm"
      spacing={2}
      listStyleType="none"
      aria-label={t('forms.passwordRules.title')}
    >
      {PASSWORD_RULES.map((rule) => (
        <List.Item key={rule} data-rule={rule} data-met={results[rule]}>
          <span className={results[rule] ? `${classes.rule} ${classes.met}` : classes.rule}>
            <Mark ok={results[rule]} />
            {t(`forms.passwordRules.${rule}`)}
            <VisuallyHidden>
              {t(results[rule] ? 'forms.passwordRules.met' : 'forms.passwordRules.pending')}
            </VisuallyHidden>
          </span>
        </List.Item>
      ))}
    </List>
  )
}
