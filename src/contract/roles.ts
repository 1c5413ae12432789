/** Highest first. A customer reads like a viewer, but only its own party's shipments. */
export const ROLES = ['owner', 'admin', 'operator', 'viewer', 'customer'] as const
export type Role = (typeof ROLES)[number]

const RANK: Record<Role, number> = { owner: 4, admin: 3, operator: 2, viewer: 1, customer: 0 }

/** The minimum a route asks for: a customer passes only where a viewer would and the route is party-scoped. */
export const roleAtLeast = (role: Role, minimum: Role) => RANK[role] >= RANK[minimum]

/** What a role may grant: a personal key or an invitation never goes above its maker. */
export const rolesUpTo = (role: Role): Role[] => ROLES.filter((r) => RANK[r] <= RANK[role])

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  operator: 'Operator',
  viewer: 'Viewer',
  customer: 'Customer',
}
