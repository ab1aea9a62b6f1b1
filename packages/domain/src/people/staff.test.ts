import { describe, expect, it } from 'vitest'
import { isStaff, staffHomeOf } from './staff.js'

describe('the staff door', () => {
  it.each([
    [['fan', 'operator', 'admin', 'layout_editor'], '/backoffice/events'],
    [['fan', 'operator'], '/assistant'],
    [['fan', 'organiser'], '/backoffice/events'],
    [['fan', 'organiser', 'operator'], '/backoffice/events'],
    [['fan', 'layout_editor'], '/backoffice/layout_editor'],
    [['fan'], null],
    [[], null],
  ])('sends %j to %s', (roles, home) => {
    expect(staffHomeOf(roles)).toBe(home)
    expect(isStaff(roles)).toBe(home !== null)
  })
})
