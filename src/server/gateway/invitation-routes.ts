import { Hono } from 'hono'
import { InvitationAcceptSchema } from '../../contract/people'
import { problem } from '../http/problem'
import type { AttemptLimits } from './attempt-limits'
import type { GatewayEnv } from './client-facts'
import { refuseCrossSiteWrite } from './csrf'
import { hashPassword } from './passwords'
import { limitPersonBody, originOf, peopleOf, readJson, refuseToken } from './person-body'
import { type SessionKit, startPersonSession } from './person-session'

/** An invitation's link: read it signed out, accept it to become the person, signed in. */
export function invitationRoutes(kit: SessionKit, limits: AttemptLimits) {
  return new Hono<GatewayEnv>()
    .get('/:token', async (c) => {
      limits.checkFailures(c.var.client.address)
      const invitation = await peopleOf(kit).invitation(c.req.param('token'), kit.now())
      if (!invitation) limits.recordFailure(c.var.client.address)
      refuseToken('invitation', invitation?.state)
      const { state: _, ...shown } = invitation!
      return c.json(shown)
    })
    .post('/:token', limitPersonBody, async (c) => {
      refuseCrossSiteWrite(c, c.var.client, kit.publicUrl)
      limits.checkFailures(c.var.client.address)
      const people = peopleOf(kit)
      const body = await readJson(c, InvitationAcceptSchema)
      // hashing costs 19 MiB and tens of ms: not for a link that cannot be used
      const invitation = await people.invitation(c.req.param('token'), kit.now())
      if (!invitation) limits.recordFailure(c.var.client.address)
      refuseToken('invitation', invitation?.state)
      const passwordHash = body.password ? await hashPassword(body.password) : null
      const accepted = await people.acceptInvitation(
        c.req.param('token'),
        { ...body, passwordHash },
        originOf(c, kit),
      )
      if (accepted === 'email_taken')
        throw problem(409, {
          detail: `${invitation!.email} can already sign in: accepted through another invitation`,
          pointer: '/email',
          code: 'email_taken',
        })
      if (typeof accepted !== 'object') refuseToken('invitation', accepted)
      const person = accepted as Exclude<typeof accepted, string | undefined>
      await people.signedIn(person.id, kit.now())
      return startPersonSession(c, kit, person)
    })
}
