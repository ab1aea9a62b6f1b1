import { useMemo } from 'react'
import { code128Bars } from '../model/code128'

/**
 * A Code 128 barcode as SVG: crisp at any zoom and when printed. Black on white whatever the theme,
 * as scanners need; `label` names it for screen readers (the digits are printed below it anyway).
 */
export function Barcode(props: { value: string; label: string; height?: number }) {
  const encoded = useMemo(() => {
    try {
      return code128Bars(props.value)
    } catch {
      return null
    }
  }, [props.value])
  if (!encoded) return null
  const { bars, width } = encoded
  const height = props.height ?? 72
  return (
    <svg
      role="img"
      aria-label={props.label}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      style={{ width: '100%', height, background: '#fff', display: 'block' }}
      shapeRendering="crispEdges"
      data-testid="voucher-barcode"
      data-value={props.value}
    >
      <rect x={0} y={0} width={width} height={height} fill="#fff" />
      {bars.map(([x, w]) => (
        <rect key={x} x={x} y={0} width={w} height={height} fill="#000" />
      ))}
    </svg>
  )
}
