import type { SMTPServer, SMTPServerSession } from 'smtp-server'

/** smtp-server's timeout restarts at every byte, so NOOPs could hold a connection for ever: only MAIL, RCPT and data count. */
export function watchIdle(server: () => SMTPServer, idleMs: number) {
  const timers = new Map<string, NodeJS.Timeout>()
  const stop = (session: SMTPServerSession) => {
    clearTimeout(timers.get(session.id))
    timers.delete(session.id)
  }
  const closeIdle = (session: SMTPServerSession, timer: NodeJS.Timeout) => {
    // the timer may fire late with the client's next command still unread: read it first
    if (timers.get(session.id) !== timer) return
    timers.delete(session.id)
    for (const connection of server().connections)
      if (connection.session === session)
        connection.send(421, `No mail sent for ${Math.round(idleMs / 1000)} s; closing the connection`)
  }
  return {
    progressed(session: SMTPServerSession) {
      stop(session)
      const timer = setTimeout(() => setImmediate(() => closeIdle(session, timer)), idleMs)
      timer.unref()
      timers.set(session.id, timer)
    },
    stop,
  }
}
