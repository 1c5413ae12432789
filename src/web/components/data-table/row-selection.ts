import { rowSelectionFeature, tableFeatures } from '@tanstack/react-table'

// a module of its own so that only pages that select rows carry TanStack's selection feature (about 3 kB
// gzip): the board, the first route, does not
export const selectableFeatures = tableFeatures({ rowSelectionFeature })
export type SelectableFeatures = typeof selectableFeatures
