import { randomUUID } from 'node:crypto'

// a NUL can't be stored in PostgreSQL text or jsonb, and the random part can't be guessed
const MARK = `\u0000${randomUUID()}`
const WRITTEN_MARK = JSON.stringify(MARK)

let pending: string[] | undefined

/** Goes into a document as it is, without being parsed. */
export class ShownJson {
  constructor(readonly text: string) {}

  toJSON() {
    if (!pending) return JSON.parse(this.text)
    pending.push(this.text)
    return MARK
  }
}

export function stringifyShown(value: unknown) {
  pending = []
  try {
    const text = JSON.stringify(value)
    const texts = pending
    if (texts.length === 0) return text
    const parts = text.split(WRITTEN_MARK)
    const joined = [parts[0]]
    for (let index = 0; index < texts.length; index++) joined.push(texts[index], parts[index + 1])
    return joined.join('')
  } finally {
    pending = undefined
  }
}
