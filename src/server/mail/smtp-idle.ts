import type { SMTPServer, SMTPServerSession } from 'smtp-server'

/**
 * Closes a connection that has made no progress toward a message for `idleMs`, with 421. smtp-server's own
 * socket timeout starts again at every byte, so a NOOP every few seconds would hold a connection for ever;
 * here only MAIL, RCPT and message bytes count, and the wait while a received message is stored does not.
 */
export function watchIdle(server: () => SMTPServer, idleMs: number) {
  const timers = new Map<string, NodeJS.Timeout>()
  const stop = (session: SMTPServerSession) => {
    clearTimeout(timers.get(session.id))
    timers.delete(session.id)
  }
  const closeIdle = (session: SMTPServerSession, timer: NodeJS.Timeout) => {
    // the timer may fire late, after the event loop was busy, with the client's next command still unread:
    // read what is waiting first, and close only if that was no progress either
    if (timers.get(session.id) !== timer) return
    timers.delete(session.id)
    for (const connection of server().connections)
      if (connection.session === session)
        connection.send(421, `No mail sent for ${Math.round(idleMs / 1000)} s; closing the connection`)
  }
  return {
    /** Starts the connection's time again: it made progress (or just arrived). */
    progressed(session: SMTPServerSession) {
      stop(session)
      const timer = setTimeout(() => setImmediate(() => closeIdle(session, timer)), idleMs)
      timer.unref()
      timers.set(session.id, timer)
    },
    /** Holds the time while the client waits for us (a message being stored) and once it has gone. */
    stop,
  }
}
