import { badParameter } from '../http/problem'

const NAME = /^[a-z][a-z0-9_]*$/

/** Refuses a type the API does not have, so a misspelt `fields[contianer]` is not a fieldset silently ignored. */
export function readSparseFields(read: ReadonlyMap<string, string>, types: readonly string[]) {
  const fields = new Map<string, ReadonlySet<string>>()
  for (const [type, list] of read) {
    const parameter = `fields[${type}]`
    if (!types.includes(type))
      throw badParameter(parameter, `${parameter} names no resource type of this API`)
    const names = list.split(',').map((name) => name.trim())
    const bad = names.find((name) => !NAME.test(name))
    if (bad !== undefined)
      throw badParameter(parameter, `${parameter} holds '${bad}', which is not a field name`)
    fields.set(type, new Set(names))
  }
  return fields
}
