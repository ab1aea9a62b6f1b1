import type { Resolver, ResolverResult } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { NETWORK_ERROR_CODE } from '../api-client'
import { lazyResolver } from './lazy-resolver'

type Values = { name: string }
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2]
const upperCase: Resolver<Values, unknown, Values> = async (
  values,
): Promise<ResolverResult<Values, Values>> =>
  values.name
    ? { values: { name: values.name.toUpperCase() }, errors: {} }
    : { values: {}, errors: { name: { type: 'custom', message: 'required' } } }

describe('lazyResolver', () => {
  it('fetches the schema once, at the first validation, and then validates with it', async () => {
    const load = vi.fn(async () => upperCase)
    const resolve = lazyResolver<Values, Values>(load)
    expect(load).not.toHaveBeenCalled()
    expect(await resolve({ name: 'ana' }, undefined, options)).toEqual({
      values: { name: 'ANA' },
      errors: {},
    })
    expect((await resolve({ name: '' }, undefined, options)).errors).toEqual({
      name: { type: 'custom', message: 'required' },
    })
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('preload starts the fetch the validation then reuses', async () => {
    const load = vi.fn(async () => upperCase)
    const resolve = lazyResolver<Values, Values>(load)
    resolve.preload()
    resolve.preload()
    await resolve({ name: 'x' }, undefined, options)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('a failed fetch sends nothing (root network error) and is tried again next time', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(upperCase)
    const resolve = lazyResolver<Values, Values>(load)
    resolve.preload()
    expect(await resolve({ name: 'ana' }, undefined, options)).toEqual({
      values: {},
      errors: { root: { type: 'network', message: NETWORK_ERROR_CODE } },
    })
    expect(await resolve({ name: 'ana' }, undefined, options)).toEqual({
      values: { name: 'ANA' },
      errors: {},
    })
    expect(load).toHaveBeenCalledTimes(2)
  })
})
