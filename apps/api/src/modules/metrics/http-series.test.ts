import { describe, expect, it } from 'vitest'
import { HttpSeries } from './http-series.js'

describe('the HTTP series in Prometheus text', () => {
  it('writes the counter by status class and the histogram with cumulative buckets, sum and count', () => {
    const http = new HttpSeries()
    http.record('GET', '/api/events/:id', 0.003, 200)
    http.record('GET', '/api/events/:id', 0.005, 200)
    http.record('GET', '/api/events/:id', 0.2, 404)
    http.record('GET', '/api/events/:id', 7, 503)
    const text = http.exposition()
    const labels = 'method="GET",route="/api/events/:id"'
    expect(text).toContain('# TYPE http_requests_total counter\n')
    expect(text).toContain(`http_requests_total{${labels},status_class="2xx"} 2\n`)
    expect(text).toContain(`http_requests_total{${labels},status_class="4xx"} 1\n`)
    expect(text).toContain(`http_requests_total{${labels},status_class="5xx"} 1\n`)
    expect(text).not.toContain('status_class="3xx"')
    expect(text).toContain('# TYPE http_request_duration_seconds histogram\n')
    // A bucket counts the answers at or under its bound (5 ms itself included).
    expect(text).toContain(`http_request_duration_seconds_bucket{${labels},le="0.005"} 2\n`)
    expect(text).toContain(`http_request_duration_seconds_bucket{${labels},le="0.1"} 2\n`)
    expect(text).toContain(`http_request_duration_seconds_bucket{${labels},le="0.25"} 3\n`)
    expect(text).toContain(`http_request_duration_seconds_bucket{${labels},le="5"} 3\n`)
    expect(text).toContain(`http_request_duration_seconds_bucket{${labels},le="+Inf"} 4\n`)
    expect(text).toContain(`http_request_duration_seconds_count{${labels}} 4\n`)
    const sum = Number(/http_request_duration_seconds_sum\{[^}]*\} (\S+)/.exec(text)?.[1])
    expect(sum).toBeCloseTo(7.208)
    expect(text.endsWith('\n')).toBe(true)
  })

  it('escapes what the text format would misread in a label value', () => {
    const http = new HttpSeries()
    http.record('GET', '/files/:name(^\\d+)"\nx', 0.001, 200)
    expect(http.exposition()).toContain('route="/files/:name(^\\\\d+)\\"\\nx"')
  })

  it('writes the headers alone before any request', () => {
    const text = new HttpSeries().exposition()
    expect(text.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual([])
  })
})
