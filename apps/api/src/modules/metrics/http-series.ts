/** 5 ms to 5 s: a health check to a slow checkout; slower still lands in +Inf, which an alert sees anyway. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]
const CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx']

interface Series {
  method: string
  route: string
  /** Requests per status class, 1xx to 5xx. */
  classes: Float64Array
  /** Requests per latency bucket, not cumulative; the last is over 5 s. */
  buckets: Float64Array
  sum: number
}

/**
 * `http_requests_total{method,route,status_class}` and the histogram
 * `http_request_duration_seconds{method,route}`, counted in plain arrays per method and route and written
 * in Prometheus text at scrape time. prom-client's own counter and histogram cost several microseconds of
 * CPU per request (labels hashed into strings, bucket bounds used as object keys), about a tenth of a health
 * check's whole answer; here a request costs two map lookups and a few additions (docs/decisions.md).
 */
export class HttpSeries {
  readonly #routes = new Map<string, Map<string, Series>>()

  record(method: string, route: string, seconds: number, statusCode: number) {
    let methods = this.#routes.get(route)
    if (!methods) {
      methods = new Map()
      this.#routes.set(route, methods)
    }
    let series = methods.get(method)
    if (!series) {
      series = {
        method,
        route,
        classes: new Float64Array(CLASSES.length),
        buckets: new Float64Array(LATENCY_BUCKETS.length + 1),
        sum: 0,
      }
      methods.set(method, series)
    }
    const cls = Math.min(Math.max(Math.floor(statusCode / 100), 1), 5) - 1
    series.classes[cls] = (series.classes[cls] ?? 0) + 1
    let b = 0
    while (b < LATENCY_BUCKETS.length && seconds > (LATENCY_BUCKETS[b] as number)) b++
    series.buckets[b] = (series.buckets[b] ?? 0) + 1
    series.sum += seconds
  }

  /** Both series in Prometheus text format 0.0.4, ending with a newline. */
  exposition(): string {
    const requests = [
      '# HELP http_requests_total Requests answered, by method, route pattern and status class',
      '# TYPE http_requests_total counter',
    ]
    const duration = [
      '# HELP http_request_duration_seconds Time from the request to its answer, by method and route pattern',
      '# TYPE http_request_duration_seconds histogram',
    ]
    for (const methods of this.#routes.values())
      for (const s of methods.values()) {
        const labels = `method="${escapeLabel(s.method)}",route="${escapeLabel(s.route)}"`
        s.classes.forEach((n, i) => {
          if (n > 0) requests.push(`http_requests_total{${labels},status_class="${CLASSES[i]}"} ${n}`)
        })
        let count = 0
        s.buckets.forEach((n, i) => {
          count += n
          const le = i < LATENCY_BUCKETS.length ? String(LATENCY_BUCKETS[i]) : '+Inf'
          duration.push(`http_request_duration_seconds_bucket{${labels},le="${le}"} ${count}`)
        })
        duration.push(`http_request_duration_seconds_sum{${labels}} ${s.sum}`)
        duration.push(`http_request_duration_seconds_count{${labels}} ${count}`)
      }
    return `${requests.join('\n')}\n\n${duration.join('\n')}\n`
  }
}

/** The text format's escapes in a label value: backslash, double quote and line feed. */
const escapeLabel = (value: string) =>
  value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n')
