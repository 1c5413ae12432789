export function createWaker() {
  let wakeUp: (() => void) | undefined
  const wake = () => wakeUp?.()
  const pause = (ms: number) =>
    new Promise<void>((resume) => {
      const timer = setTimeout(() => {
        wakeUp = undefined
        resume()
      }, ms)
      wakeUp = () => {
        clearTimeout(timer)
        wakeUp = undefined
        resume()
      }
    })
  return { wake, pause }
}
