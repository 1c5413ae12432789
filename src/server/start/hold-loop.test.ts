import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { holdingTheLoop } from './hold-loop'

describe('holding the event loop through the start', () => {
  it('keeps a timer pending while the work runs, so Node never drains V8’s helper threads in between', async () => {
    const before = process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length
    const during = await holdingTheLoop(async () => {
      await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]))
      return process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length
    })
    expect(during).toBe(before + 1)
    expect(process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length).toBe(before)
  })

  it('gives back what the work gives, or its error, and lets a process end on its own', async () => {
    await expect(holdingTheLoop(async () => 'started')).resolves.toBe('started')
    await expect(
      holdingTheLoop(async () => {
        throw new Error('port taken')
      }),
    ).rejects.toThrow('port taken')
    const ended = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { holdingTheLoop } = await import(${JSON.stringify(new URL('./hold-loop.ts', import.meta.url).href)}); await holdingTheLoop(async () => 1).catch(() => 2)`,
      ],
      { timeout: 20_000 },
    )
    expect(ended.status).toBe(0)
  })
})
