import type { FieldValues, Resolver } from 'react-hook-form'
import { type LazyResolver, lazyResolver } from '../../../lib/forms/lazy-resolver'

type AuthFormRules = typeof import('./auth-form-rules')

/**
 * A sign-in or sign-up step's resolver, picked from the steps' rules (`auth-form-rules.ts`). The rules, and zod
 * with them, come after the page's own modules (issue 13: a page's own JavaScript): they are asked for as the
 * step's module runs in the browser, so they are there by the first check or submit.
 */
export function authResolver<TInput extends FieldValues, TOutput>(
  pick: (rules: AuthFormRules) => Resolver<TInput, unknown, TOutput>,
): LazyResolver<TInput, TOutput> {
  const resolver = lazyResolver(() => import('./auth-form-rules').then(pick))
  if (typeof document !== 'undefined') resolver.preload()
  return resolver
}
