import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { renderError } from './errors'
import { readBody } from './request-body'

const Body = z.object({
  data: z.object({
    type: z.literal('webhook'),
    attributes: z.strictObject({ url: z.url(), active: z.boolean().optional() }),
  }),
})

const app = new Hono()
  .post('/', async (c) => c.json(await readBody(c, Body)))
  .onError((error, c) => renderError(error, c))

const post = (body: string) => app.request('/', { method: 'POST', body })

describe('readBody', () => {
  it('answers malformed JSON with 400', async () => {
    const response = await post('{"data":')
    expect(response.status).toBe(400)
    expect((await response.json()).errors[0].code).toBe('malformed_json')
  })

  it('answers a missing data with 422 pointing at /data', async () => {
    const response = await post('{}')
    expect(response.status).toBe(422)
    expect((await response.json()).errors[0].source).toEqual({ pointer: '/data' })
  })

  it('answers the wrong type with 422 pointing at /data/type', async () => {
    const response = await post('{"data":{"type":"shipment","attributes":{"url":"https://a.example"}}}')
    expect(response.status).toBe(422)
    expect((await response.json()).errors[0].source).toEqual({ pointer: '/data/type' })
  })

  it('refuses an attribute that is not writable, pointing at it', async () => {
    const response = await post(
      '{"data":{"type":"webhook","attributes":{"url":"https://a.example","secret":"mine"}}}',
    )
    const body = await response.json()
    expect(response.status).toBe(422)
    expect(body.errors[0].source).toEqual({ pointer: '/data/attributes/secret' })
    expect(body.errors[0].detail).toContain("'secret' is not a writable attribute")
  })

  it.each([
    ['an array', '[]'],
    ['a string', '"data"'],
    ['null', 'null'],
  ])('answers %s instead of an object with 422 pointing at the document root', async (_, body) => {
    const response = await post(body)
    expect(response.status).toBe(422)
    expect((await response.json()).errors[0].source).toEqual({ pointer: '' })
  })

  it('tells a field of the wrong type from a missing one', async () => {
    const response = await post(
      '{"data":{"type":"webhook","attributes":{"url":"https://a.example","active":"yes"}}}',
    )
    const error = (await response.json()).errors[0]
    expect(error.source).toEqual({ pointer: '/data/attributes/active' })
    expect(error.detail).not.toContain('required')
    expect(error.detail).toContain('boolean')
  })

  it('refuses text holding a NUL character, pointing at it, before the database sees it', async () => {
    const response = await post(
      '{"data":{"type":"webhook","attributes":{"url":"https://a.example/\\u0000"}}}',
    )
    expect(response.status).toBe(422)
    expect((await response.json()).errors[0].source).toEqual({ pointer: '/data/attributes/url' })
  })

  it('passes a valid body through', async () => {
    const response = await post('{"data":{"type":"webhook","attributes":{"url":"https://a.example"}}}')
    expect(response.status).toBe(200)
  })
})
