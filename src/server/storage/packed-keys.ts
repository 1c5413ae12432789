import { type SQL, sql } from 'drizzle-orm'

/**
 * Texts of a row (ids, versions) read as one, words apart, a null as an empty word: the reader must know
 * how many words each part is (an id one, a row version two). PGlite's protocol parser copies and decodes
 * every column of every row on its own (an ArrayBuffer and a TextDecoder call each), so a list page of
 * thirty rows of ten columns spent more there than in its query; one text a row is a third cheaper to read
 * (docs/scaling.md, 27 November 2026).
 */
export const packedWords = (parts: SQL[]) =>
  sql<string[]>`concat_ws(' ', ${sql.join(
    parts.map((part) => sql`coalesce(${part}::text, '')`),
    sql`, `,
  )})`.mapWith((text: string) => text.split(' '))
