import type { FieldValues, Resolver } from 'react-hook-form'
import { NETWORK_ERROR_CODE } from '../api-client'

/**
 * A react-hook-form resolver whose schema module (and zod with it, 27 KB gzipped) is fetched the first
 * time it is needed instead of with the page: a form draws and takes input without it, and the server
 * validates every request anyway. `preload` starts the fetch early (the form calls it when the fan first
 * focuses a field), so by the first blur or submit it is usually there.
 *
 * A module that cannot be fetched is retried at the next validation; meanwhile the form gets a root error
 * with the network error's code, which the form shows translated, and nothing is submitted.
 */
export interface LazyResolver<TInput extends FieldValues, TOutput>
  extends Resolver<TInput, unknown, TOutput> {
  preload: () => void
}

export function lazyResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
): LazyResolver<TInput, TOutput> {
  let pending: Promise<Resolver<TInput, unknown, TOutput>> | undefined
  const get = () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined
      throw error
    })
    return pending
  }
  const resolve = (async (values, context, options) => {
    let resolver: Resolver<TInput, unknown, TOutput>
    try {
      resolver = await get()
    } catch {
      return { values: {}, errors: { root: { type: 'network', message: NETWORK_ERROR_CODE } } }
    }
    return resolver(values, context, options)
  }) as LazyResolver<TInput, TOutput>
  resolve.preload = () => {
    get().catch(() => {
      // Retried when the form validates; the error is shown then.
    })
  }
  return resolve
}
