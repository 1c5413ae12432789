import type { OutboundMail } from './outbound-mail'
import { escapeHtml } from './render-email'

type LinkEmail = { to: string; subject: string; lead: string; action: string; url: string; expires: string }

function linkEmail({ to, subject, lead, action, url, expires }: LinkEmail) {
  return {
    to,
    subject,
    text: `${lead}\n\n${action}: ${url}\n\n${expires}\nIf you did not expect this email, ignore it: nothing changes until the link is used.`,
    html: `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.45"><p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(url)}" style="color:#1d4ed8">${escapeHtml(action)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(expires)} If you did not expect this email, ignore it: nothing changes until the link is used.</p></body></html>`,
    headers: { 'Auto-Submitted': 'auto-generated' },
  }
}

/** Sent beside the answer that shows the link, never instead of it: a failed send is logged, the link still works. */
function sendQuietly(mail: OutboundMail | undefined, message: Parameters<OutboundMail['send']>[0]) {
  if (!mail?.configured) return
  void mail.send(message).catch((error: Error) => {
    console.error(`Could not email ${message.to} (${message.subject}): ${error.message}`)
  })
}

export function emailInvitation(
  mail: OutboundMail | undefined,
  invitation: { email: string; invitedBy: string | null; url: string },
) {
  sendQuietly(
    mail,
    linkEmail({
      to: invitation.email,
      subject: 'You are invited to Quayside',
      lead: `${invitation.invitedBy ?? 'Someone'} invited you to track containers with them on Quayside.`,
      action: 'Accept the invitation',
      url: invitation.url,
      expires: 'The link works for 7 days.',
    }),
  )
}

export function emailPasswordReset(mail: OutboundMail | undefined, reset: { email: string; url: string }) {
  sendQuietly(
    mail,
    linkEmail({
      to: reset.email,
      subject: 'Reset your Quayside password',
      lead: 'Someone with access to your account asked for a new password for you on Quayside.',
      action: 'Choose a new password',
      url: reset.url,
      expires: 'The link works for an hour.',
    }),
  )
}
