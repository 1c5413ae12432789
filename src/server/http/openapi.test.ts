import { describe, expect, it } from 'vitest'
import { openApiDocument } from './openapi'

describe('the OpenAPI document', () => {
  it('describes the shipment list with its query parameters and the contract schema', () => {
    const document = openApiDocument()
    const list = document.paths['/shipments'].get as {
      parameters: { name: string }[]
      responses: Record<
        string,
        { content: Record<string, { schema: { properties: Record<string, unknown> } }> }
      >
    }
    expect(list.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(['q', 'number', 'filter[tracking_stopped]']),
    )
    expect(list.responses[200].content['application/vnd.api+json'].schema.properties).toHaveProperty('data')
  })

  it('is valid JSON and names the token scheme', () => {
    const document = JSON.parse(JSON.stringify(openApiDocument()))
    expect(document.openapi).toBe('3.1.0')
    expect(document.components.securitySchemes.token.name).toBe('Authorization')
  })
})
