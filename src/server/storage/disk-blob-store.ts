import { createHash, randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { type BlobRef, type BlobSource, type BlobStore, BlobTooLarge } from './blob-store'

const SHA256 = /^[0-9a-f]{64}$/
const ABANDONED_AFTER_MS = 24 * 3_600_000

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  )

async function syncDirectory(path: string) {
  const handle = await open(path, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

async function writeAll(handle: FileHandle, chunk: Uint8Array) {
  for (let at = 0; at < chunk.byteLength; )
    at += (await handle.write(chunk, at, chunk.byteLength - at)).bytesWritten
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Written to `tmp/`, synced, then renamed: a file at a hash's place is always whole. */
export function createDiskBlobStore(root: string): BlobStore & { removeAbandoned(): Promise<number> } {
  const temp = join(root, 'tmp')
  const placeOf = (sha256: string) =>
    SHA256.test(sha256) ? join(root, sha256.slice(0, 2), sha256.slice(2)) : undefined

  async function put(source: BlobSource, { maxBytes = Number.POSITIVE_INFINITY } = {}): Promise<BlobRef> {
    await mkdir(temp, { recursive: true })
    const partial = join(temp, `${process.pid}-${randomBytes(8).toString('hex')}.part`)
    const handle = await open(partial, 'wx', 0o640)
    const hash = createHash('sha256')
    let size = 0
    let closed = false
    try {
      for await (const chunk of source) {
        size += chunk.byteLength
        if (size > maxBytes) throw new BlobTooLarge(maxBytes)
        hash.update(chunk)
        await writeAll(handle, chunk)
      }
      await handle.sync()
      await handle.close()
      closed = true
      const sha256 = hash.digest('hex')
      const place = placeOf(sha256) as string
      if (await exists(place)) await rm(partial)
      else {
        await mkdir(dirname(place), { recursive: true })
        await rename(partial, place)
        await syncDirectory(dirname(place))
      }
      return { sha256, size }
    } finally {
      if (!closed) {
        await handle.close().catch(() => {})
        await rm(partial, { force: true })
      }
    }
  }

  return {
    put,
    async open(sha256) {
      const place = placeOf(sha256)
      return place && (await exists(place)) ? createReadStream(place) : undefined
    },
    async read(sha256) {
      const place = placeOf(sha256)
      if (!place || !(await exists(place))) return undefined
      const bytes = await readFile(place)
      const own = bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.byteLength
      return own ? new Uint8Array(bytes.buffer, 0, bytes.byteLength) : new Uint8Array(bytes)
    },
    async removeAbandoned() {
      const names = await readdir(temp).catch(() => [] as string[])
      let removed = 0
      for (const name of names) {
        const path = join(temp, name)
        const writer = Number(name.split('-')[0])
        const age =
          Date.now() -
          (await stat(path).then(
            (s) => s.mtimeMs,
            () => Date.now(),
          ))
        if (writer === process.pid) continue
        if (Number.isInteger(writer) && isRunning(writer) && age < ABANDONED_AFTER_MS) continue
        await rm(path, { force: true })
        removed++
      }
      return removed
    },
  }
}
