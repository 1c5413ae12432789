/** A lapsed lease lets another process send again; a process that dies stops renewing, so its claims come due. */
export function createLeaseKeeper(options: {
  leaseSeconds: number
  renew: (ids: string[], leaseSeconds: number) => Promise<unknown>
  log: (message: string) => void
  /** Named in the log line when renewing fails. */
  what?: string
}) {
  const held = new Set<string>()
  let timer: ReturnType<typeof setInterval> | undefined
  let renewing = false

  async function renewAll() {
    if (renewing || held.size === 0) return
    renewing = true
    try {
      await options.renew([...held], options.leaseSeconds)
    } catch (error) {
      options.log(
        `Could not renew ${held.size} ${options.what ?? 'webhook delivery'} leases: ${(error as Error).message}`,
      )
    } finally {
      renewing = false
    }
  }

  const stop = () => {
    clearInterval(timer)
    timer = undefined
  }

  return {
    hold(id: string) {
      held.add(id)
      if (timer) return
      timer = setInterval(() => void renewAll(), (options.leaseSeconds * 1000) / 3)
      timer.unref?.()
    },
    release(ids: string[]) {
      for (const id of ids) held.delete(id)
      if (held.size === 0) stop()
    },
    stop,
  }
}
