import type { SeaGraph } from './sea-network'

export type Source = { node: string; km: number }

type Entry = { node: string; km: number }

class MinHeap {
  private items: Entry[] = []

  get size() {
    return this.items.length
  }

  push(entry: Entry) {
    const items = this.items
    items.push(entry)
    let i = items.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (items[parent].km <= items[i].km) break
      ;[items[parent], items[i]] = [items[i], items[parent]]
      i = parent
    }
  }

  pop() {
    const items = this.items
    const top = items[0]
    const last = items.pop() as Entry
    if (items.length > 0) {
      items[0] = last
      let i = 0
      for (;;) {
        const left = 2 * i + 1
        const right = left + 1
        let smallest = i
        if (left < items.length && items[left].km < items[smallest].km) smallest = left
        if (right < items.length && items[right].km < items[smallest].km) smallest = right
        if (smallest === i) break
        ;[items[smallest], items[i]] = [items[i], items[smallest]]
        i = smallest
      }
    }
    return top
  }
}

/** Ports are never sailed through: a route may only start or end at one. */
export function shortestPath(graph: SeaGraph, sources: Source[], target: string) {
  const best = new Map<string, number>()
  const previous = new Map<string, string>()
  const heap = new MinHeap()
  for (const source of sources)
    if (source.km < (best.get(source.node) ?? Number.POSITIVE_INFINITY)) {
      best.set(source.node, source.km)
      heap.push(source)
    }
  const startedAt = new Set(sources.map((source) => source.node))
  const done = new Set<string>()
  while (heap.size > 0) {
    const { node, km } = heap.pop()
    if (done.has(node)) continue
    done.add(node)
    if (node === target) break
    if (graph.ports.has(node) && !startedAt.has(node)) continue
    for (const edge of graph.edges.get(node) ?? []) {
      const through = km + edge.km
      if (through < (best.get(edge.to) ?? Number.POSITIVE_INFINITY)) {
        best.set(edge.to, through)
        previous.set(edge.to, node)
        heap.push({ node: edge.to, km: through })
      }
    }
  }
  if (!done.has(target)) return undefined
  const path = [target]
  for (let node = previous.get(target); node !== undefined; node = previous.get(node)) path.unshift(node)
  return { path, km: best.get(target) as number }
}
