import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { tempBlobStore } from '../../../tests/support/temp-blobs'
import { BlobTooLarge, slices } from './blob-store'

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** Every file under the store's directory, by path relative to it. */
const filesIn = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesIn(join(dir, entry.name)).map((name) => `${entry.name}/${name}`)
      : [entry.name],
  )

describe('the disk blob store', () => {
  const stores: ReturnType<typeof tempBlobStore>[] = []
  const store = () => {
    const made = tempBlobStore()
    stores.push(made)
    return made
  }
  afterEach(() => {
    for (const made of stores.splice(0)) made.remove()
  })

  it('keeps bytes streamed in under their SHA-256 and gives them back whole', async () => {
    const blobs = store()
    const bytes = randomBytes(3 * 1024 * 1024 + 17)
    const blob = await blobs.put(slices(bytes, 64 * 1024))
    expect(blob).toEqual({ sha256: sha256(bytes), size: bytes.byteLength })
    expect(sha256(readFileSync(join(blobs.dir, blob.sha256.slice(0, 2), blob.sha256.slice(2))))).toBe(
      blob.sha256,
    )
    expect(sha256((await blobs.read(blob.sha256)) as Uint8Array)).toBe(blob.sha256)
    const chunks: Buffer[] = []
    for await (const chunk of (await blobs.open(blob.sha256)) ?? []) chunks.push(chunk)
    expect(sha256(Buffer.concat(chunks))).toBe(blob.sha256)
  })

  it('keeps the same bytes once, however often they come', async () => {
    const blobs = store()
    const bytes = randomBytes(100_000)
    const refs = await Promise.all([1, 2, 3].map(() => blobs.put(slices(bytes))))
    expect(new Set(refs.map((ref) => ref.sha256)).size).toBe(1)
    expect(filesIn(blobs.dir).filter((name) => !name.startsWith('tmp/'))).toEqual([
      `${refs[0].sha256.slice(0, 2)}/${refs[0].sha256.slice(2)}`,
    ])
  })

  it('refuses bytes past the limit as they stream, keeping nothing of them', async () => {
    const blobs = store()
    const bytes = randomBytes(200_000)
    await expect(blobs.put(slices(bytes, 10_000), { maxBytes: 100_000 })).rejects.toBeInstanceOf(BlobTooLarge)
    expect(filesIn(blobs.dir)).toEqual([])
  })

  it('keeps nothing of a stream that breaks off', async () => {
    const blobs = store()
    async function* broken() {
      yield randomBytes(1000)
      throw new Error('connection reset')
    }
    await expect(blobs.put(broken())).rejects.toThrow('connection reset')
    expect(filesIn(blobs.dir)).toEqual([])
  })

  it('answers undefined for a hash it does not keep, or one that is no hash', async () => {
    const blobs = store()
    expect(await blobs.read('a'.repeat(64))).toBeUndefined()
    expect(await blobs.open('../../etc/passwd')).toBeUndefined()
  })

  it('removes partial files whose writer has died, and not those of a writer still running', async () => {
    const blobs = store()
    mkdirSync(join(blobs.dir, 'tmp'))
    // a pid far above any the system hands out stands for a process that is gone
    writeFileSync(join(blobs.dir, 'tmp', '4194304999-abc.part'), 'half')
    writeFileSync(join(blobs.dir, 'tmp', `${process.ppid}-def.part`), 'in flight')
    expect(await blobs.removeAbandoned()).toBe(1)
    expect(filesIn(blobs.dir)).toEqual([`tmp/${process.ppid}-def.part`])
  })
})
