import { badParameter } from '../http/problem'

export type IncludeTree = Map<string, IncludeTree>

/** Names are checked against the resource graph by the renderer. */
export function parseInclude(raw: string | undefined, fallback: string[] = []): IncludeTree {
  const paths =
    raw === undefined
      ? fallback
      : raw
          .split(',')
          .map((path) => path.trim())
          .filter(Boolean)
  const tree: IncludeTree = new Map()
  for (const path of paths) {
    let node = tree
    for (const name of path.split('.')) {
      if (!/^[a-z_]+$/.test(name)) throw badParameter('include', `'${path}' is not a relationship path`)
      let child = node.get(name)
      if (!child) {
        child = new Map()
        node.set(name, child)
      }
      node = child
    }
  }
  return tree
}
