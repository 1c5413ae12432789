import { ClockAdvanceSchema, ClockDocumentSchema } from '../../contract/clock-advance'
import type { Deps } from '../deps'
import { route, routes } from '../http/route'
import { respond } from '../jsonapi/respond'
import { auditActor } from './audit-actor'

const HOUR_MS = 3_600_000

/** Mounted only with CLOCK_CONTROL; without it the path is as unknown as any other. */
export const clockRoutes = ({ storage, clock }: Deps, control: NonNullable<Deps['clockControl']>) =>
  routes(
    route(
      {
        method: 'post',
        path: '/clock/advance',
        summary:
          'Move service time forward, for demos and tests (a Quayside extension, with CLOCK_CONTROL only)',
        description:
          "Every later answer's Quayside-Time, and every state worked out from it, is that much later; the tracking engine's tick (and the alerts it evaluates) runs before the answer. It moves the clock of the whole service, not only of this account.",
        body: ClockAdvanceSchema,
        response: ClockDocumentSchema,
        role: 'owner',
      },
      async (c, { body }) => {
        const { hours } = body.data.attributes
        const before = clock.now()
        const after = new Date(before.getTime() + hours * HOUR_MS)
        await storage.transaction((tx) =>
          tx.audit.record(auditActor(c), {
            accountId: c.var.caller.accountId,
            action: 'clock.advanced',
            target: { type: 'service_clock', id: 'current', label: 'Service clock' },
            before: { now: before.toISOString() },
            after: { now: after.toISOString(), hours },
          }),
        )
        control.advance(hours * HOUR_MS)
        await control.tick()
        return respond(c, {
          data: {
            id: 'current',
            type: 'service_clock',
            attributes: { now: clock.now().toISOString(), advanced_hours: hours },
          },
        })
      },
    ),
  )
