import { describe, expect, it } from 'vitest'
import { losesLastOwner, platformRoleOfMemberships, roleMay, scopeOf } from './staff-access.js'

describe('organiser staff (issue 43 part 1)', () => {
  it('gives the platform role the memberships call for', () => {
    expect(platformRoleOfMemberships([])).toBe('fan')
    expect(platformRoleOfMemberships(['box_office'])).toBe('operator')
    expect(platformRoleOfMemberships(['check_in', 'box_office'])).toBe('operator')
    expect(platformRoleOfMemberships(['read_only'])).toBe('organiser')
    expect(platformRoleOfMemberships(['box_office', 'owner'])).toBe('organiser')
  })

  it('refuses only a change that takes away the last owner', () => {
    expect(losesLastOwner(['owner', 'manager'], ['manager', 'manager'])).toBe(true)
    expect(losesLastOwner(['owner', 'owner'], ['owner', 'read_only'])).toBe(false)
    // An organiser made without staff may get a first member of any role.
    expect(losesLastOwner([], ['box_office'])).toBe(false)
  })

  it('lets only owners manage staff', () => {
    expect(roleMay('owner', 'staff.manage')).toBe(true)
    for (const role of ['manager', 'box_office', 'check_in', 'read_only'] as const)
      expect(roleMay(role, 'staff.manage')).toBe(false)
    const access = {
      roles: ['fan', 'organiser'] as const,
      memberships: [
        { organiserId: 'a', role: 'owner' as const },
        { organiserId: 'b', role: 'read_only' as const },
      ],
    }
    expect(scopeOf(access, 'staff.manage')).toEqual({ all: false, organiserIds: ['a'] })
  })
})
