import type { APIRequestContext } from '@playwright/test'

type Resource = {
  id: string
  attributes: Record<string, unknown>
  relationships?: Record<string, { data?: unknown }>
}

/** Reads the demo data through the same gateway the dashboard uses, to pick cases for a journey. */
export async function demoContainers(request: APIRequestContext, pages = 5) {
  await request.get('/session') // the demo server signs the browser context in
  const containers: Resource[] = []
  for (let number = 1; number <= pages; number++)
    containers.push(
      ...(await (await request.get(`/v2/containers?page[size]=100&page[number]=${number}`)).json()).data,
    )
  return containers
}

export async function demoShipments(request: APIRequestContext, query = 'page[size]=100') {
  await request.get('/session')
  return (await (await request.get(`/v2/shipments?${query}`)).json()) as {
    data: Resource[]
    meta: { total: number }
  }
}
