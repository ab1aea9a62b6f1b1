import type { Layout, LayoutSection } from '@palco/domain/seating/layout'

/**
 * Small layouts for the model tests: a grid section whose seats sit on known coordinates, a nested
 * section, an unnumbered zone and a car park. Only tests import this module.
 */
export function gridSection(
  code: string,
  origin: { x: number; y: number },
  rows: number,
  seatsPerRow: number,
  pitch = 10,
  extra: Partial<LayoutSection> = {},
): LayoutSection {
  return {
    code,
    name: `Zona · Sección ${code}`,
    color: '#1c7ed6',
    disabled: false,
    zoneType: 'GRANDSTAND',
    numbered: true,
    viewDirection: 'NORTH',
    shape: {
      type: 'path',
      points: [
        origin.x - pitch / 2,
        origin.y - pitch / 2,
        origin.x + (seatsPerRow - 0.5) * pitch,
        origin.y - pitch / 2,
        origin.x + (seatsPerRow - 0.5) * pitch,
        origin.y + (rows - 0.5) * pitch,
        origin.x - pitch / 2,
        origin.y + (rows - 0.5) * pitch,
      ],
    },
    rows: Array.from({ length: rows }, (_, r) => ({
      label: String.fromCharCode(65 + r),
      seats: Array.from(
        { length: seatsPerRow },
        (_, s) => [s + 1, origin.x + s * pitch, origin.y + r * pitch] as [number, number, number],
      ),
    })),
    ...extra,
  }
}

export function smallLayout(): Layout {
  return {
    format: 'palco.layout',
    version: 1,
    kind: 'Classic',
    stage: { type: 'NUMBERED_STAGE', x: 0, y: 0, width: 200, height: 20, label: 'Escenario' },
    canvas: { width: 800, height: 600 },
    sections: [
      gridSection('A', { x: 100, y: 100 }, 3, 4, 10, {
        restrictions: { 'A-1': 'PREFERENTIAL', 'B-2': 'EXCLUSIVE' },
        highlight: 'shadow',
        sections: [gridSection('A_BOX', { x: 300, y: 100 }, 1, 2, 20)],
      }),
      gridSection('B', { x: 100, y: 200 }, 2, 3, 10),
      {
        code: 'GENERAL',
        name: 'General',
        color: '#f08c00',
        disabled: false,
        zoneType: 'GRANDSTAND',
        numbered: false,
        capacity: 5,
        viewDirection: 'SOUTH',
        shape: { type: 'path', points: [400, 300, 500, 300, 500, 400, 400, 400] },
      },
      {
        code: 'PARKING',
        name: 'Parqueadero',
        color: '#868e96',
        disabled: false,
        zoneType: 'PARKING',
        numbered: false,
        capacity: 3,
        viewDirection: 'NORTH',
        shape: { type: 'path', points: [600, 300, 700, 300, 700, 400, 600, 400] },
      },
    ],
  }
}
