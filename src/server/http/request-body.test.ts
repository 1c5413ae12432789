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

const post = (body: string, type = 'application/vnd.api+json') =>
  app.request('/', { method: 'POST', body, headers: { 'Content-Type': type } })

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

  it('refuses a body nested 12,000 deep with 400 pointing where it went past the limit', async () => {
    const response = await post(`{"data":${'['.repeat(12_000)}${']'.repeat(12_000)}}`)
    expect(response.status).toBe(400)
    const error = (await response.json()).errors[0]
    expect(error).toMatchObject({ status: '400', code: 'too_deep' })
    expect(error.source.pointer).toBe(`/data${'/0'.repeat(63)}`)
  })

  it('refuses a body that is not JSON by its Content-Type with 415', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await post(
        '{"data":{"type":"webhook","attributes":{"url":"https://a.example"}}}',
        type,
      )
      expect(response.status).toBe(415)
      expect((await response.json()).errors[0].code).toBe('unsupported_media_type')
    }
  })

  it('accepts application/json and a charset parameter', async () => {
    const response = await post(
      '{"data":{"type":"webhook","attributes":{"url":"https://a.example"}}}',
      'application/json; charset=utf-8',
    )
    expect(response.status).toBe(200)
  })

  it('refuses a body that is not valid UTF-8 rather than replacing its bytes', async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"data":"'),
      0xff,
      0xfe,
      ...new TextEncoder().encode('"}'),
    ])
    const response = await app.request('/', {
      method: 'POST',
      body: bytes,
      headers: { 'Content-Type': 'application/json' },
    })
    expect(response.status).toBe(400)
    expect((await response.json()).errors[0]).toMatchObject({
      source: { pointer: '' },
      detail: expect.stringContaining('UTF-8'),
    })
  })

  it('points at a key that holds a NUL character', async () => {
    const response = await post('{"data":{"type":"webhook","attributes":{"a\\u0000b":1}}}')
    expect(response.status).toBe(422)
    expect((await response.json()).errors[0].source).toEqual({ pointer: '/data/attributes/a\u0000b' })
  })

  it('passes a valid body through', async () => {
    const response = await post('{"data":{"type":"webhook","attributes":{"url":"https://a.example"}}}')
    expect(response.status).toBe(200)
  })
})
