// @ts-check
// Percentiles (nearest rank on the sorted samples) and small summaries.

/** Nearest-rank percentile: the smallest sample with at least p% of samples at or below it. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]
}

export function summarize(values) {
  const sorted = [...values].filter((v) => Number.isFinite(v)).sort((a, b) => a - b)
  const n = sorted.length
  const mean = n ? sorted.reduce((s, v) => s + v, 0) / n : Number.NaN
  return {
    n,
    min: sorted[0] ?? Number.NaN,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[n - 1] ?? Number.NaN,
    mean,
  }
}

/** The middle value (the mean of the two middle values for an even count). */
export const median = (values) => {
  const s = [...values].filter((v) => Number.isFinite(v)).sort((a, b) => a - b)
  if (s.length === 0) return Number.NaN
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

/** 12.3 for ms, with a sensible number of decimals. */
export const fmt = (v, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : '—')

/** "median (min–max)" of repeated measurements. */
export const spread = (values, d = 0) => {
  const s = [...values].sort((a, b) => a - b)
  return `${fmt(median(s), d)} (${fmt(s[0], d)}–${fmt(s[s.length - 1], d)})`
}

/** "p50 / p-upper" of repeated runs, each as "median (min–max)": `pick` gives a run's summary. */
export const percentileSpread = (runs, pick, upper = 'p99', d = 1) =>
  `${spread(
    runs.map((r) => pick(r).p50),
    d,
  )} / ${spread(
    runs.map((r) => pick(r)[upper]),
    d,
  )}`
