/**
 * Query keys that more than one feature names: a registration changes what Launch Model lists, so Register
 * Model invalidates the catalogue by the same root key.
 */
export const registrationsKey = ['registrations'] as const
