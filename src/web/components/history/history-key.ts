/** Apart from the queries, so the app's shell can refresh histories without loading their schemas. */
export const HISTORY_KEY = ['audit_events'] as const
