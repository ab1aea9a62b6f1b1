import type { Country } from '@palco/domain/locale/country'
import type { AuthEvent, AuthFlowState } from '../model/auth-flow'

/** What every step of the dialog gets from the flow around it. */
export interface StepProps {
  state: AuthFlowState
  send: (event: AuthEvent) => void
  /** The site's country: the default phone prefix and the document type offered first. */
  country: Country
  /** Move focus to the step's first field on mount (not on a page's first render, where it would jump). */
  autoFocus: boolean
  /** A session began or the account changed: the page's server data (root `session`) must be reloaded. */
  onSessionChange: () => void
  /** The last button of a finished flow. */
  onFinish: () => void
}
