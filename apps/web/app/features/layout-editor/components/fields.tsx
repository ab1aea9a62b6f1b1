import { ColorInput, NumberInput, TextInput } from '@mantine/core'
import { type KeyboardEvent, useEffect, useState } from 'react'

/**
 * Inputs that change the document once, when the manager is done with them (on leaving the field or on
 * Enter), not on every keystroke: each commit is one step of undo, and the canvas is rebuilt once.
 */

const enterCommits = (commit: () => void) => (e: KeyboardEvent<HTMLInputElement>) => {
  if (e.key === 'Enter') {
    e.preventDefault()
    commit()
  }
}

export function CommitText(props: {
  label: string
  value: string
  onCommit: (value: string) => void
  /** A translated reason to refuse the value, or null when it is fine. */
  check?: (value: string) => string | null
  description?: string
  disabled?: boolean
  maxLength?: number
  testId?: string
}) {
  const [text, setText] = useState(props.value)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    setText(props.value)
    setError(null)
  }, [props.value])
  const commit = () => {
    if (text === props.value) return
    const problem = props.check?.(text) ?? null
    setError(problem)
    if (!problem) props.onCommit(text)
  }
  return (
    <TextInput
      label={props.label}
      description={props.description}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={enterCommits(commit)}
      error={error}
      disabled={props.disabled}
      maxLength={props.maxLength}
      size="xs"
      data-testid={props.testId}
    />
  )
}

export function CommitNumber(props: {
  label: string
  value: number
  onCommit: (value: number) => void
  min?: number
  max?: number
  step?: number
  decimals?: number
  disabled?: boolean
  description?: string
  testId?: string
}) {
  const [value, setValue] = useState<string | number>(props.value)
  useEffect(() => setValue(props.value), [props.value])
  const commit = () => {
    const n = typeof value === 'number' ? value : Number(value)
    if (!Number.isFinite(n) || value === '') {
      setValue(props.value)
      return
    }
    const clamped = Math.min(
      props.max ?? Number.POSITIVE_INFINITY,
      Math.max(props.min ?? Number.NEGATIVE_INFINITY, n),
    )
    if (clamped !== props.value) props.onCommit(clamped)
    else setValue(props.value)
  }
  return (
    <NumberInput
      label={props.label}
      description={props.description}
      value={value}
      onChange={setValue}
      onBlur={commit}
      onKeyDown={enterCommits(commit)}
      min={props.min}
      max={props.max}
      step={props.step ?? 1}
      decimalScale={props.decimals ?? 2}
      disabled={props.disabled}
      size="xs"
      data-testid={props.testId}
    />
  )
}

export function CommitColor(props: {
  label: string
  value: string
  onCommit: (value: string) => void
  /** The name of the eye-dropper button (pick a colour from the screen). */
  pickLabel: string
  disabled?: boolean
}) {
  const [value, setValue] = useState(props.value)
  useEffect(() => setValue(props.value), [props.value])
  const commit = (next: string) => {
    if (next && next !== props.value) props.onCommit(next)
  }
  return (
    <ColorInput
      label={props.label}
      value={value}
      onChange={setValue}
      onChangeEnd={commit}
      onBlur={() => commit(value)}
      format="hex"
      eyeDropperButtonProps={{ 'aria-label': props.pickLabel }}
      disabled={props.disabled}
      size="xs"
    />
  )
}
