import { Link } from 'react-router-dom'
import { useWriteAccess } from '../../components/access/write-access'
import { formatInZone } from '../../components/time/format-time'
import { setTimeZoneMode, useTimeZoneMode, viewerZone } from '../../components/time/time-zone-setting'

const SAMPLE = '2026-03-10T15:30:00Z'

export function SettingsPage() {
  const mode = useTimeZoneMode()
  // a customer's alerts are under the bell; the account's rules are the team's
  const { role } = useWriteAccess()
  return (
    <section aria-labelledby="settings-title" className="form-page">
      <h1 id="settings-title">Settings</h1>
      <fieldset>
        <legend>Show times in</legend>
        <label className="radio">
          <input
            type="radio"
            name="time-zone"
            value="place"
            checked={mode === 'place'}
            onChange={() => setTimeZoneMode('place')}
          />{' '}
          Each port's local time (for example {formatInZone(SAMPLE, 'America/Los_Angeles')} in Los Angeles)
        </label>
        <label className="radio">
          <input
            type="radio"
            name="time-zone"
            value="viewer"
            checked={mode === 'viewer'}
            onChange={() => setTimeZoneMode('viewer')}
          />{' '}
          My time zone, {viewerZone()} (for example {formatInZone(SAMPLE, undefined)})
        </label>
        <p className="muted small">
          Hovering over a time shows the other one. Last free days are calendar days at the port and never
          shift. This choice is kept in this browser.
        </p>
      </fieldset>
      <h2>People</h2>
      <p>
        <Link to="/settings/people">Invite people and choose what each may do</Link>; your own name, password
        and keys are in <Link to="/settings/profile">your profile</Link>.
      </p>
      {role === 'customer' ? null : (
        <>
          <h2>Alerts</h2>
          <p>
            <Link to="/settings/alerts">Choose what Quayside tells you</Link> before you look: a last free day
            close, a hold, a slipping ETA; in the app, by email or in chat, at once or in a daily digest.
          </p>
        </>
      )}
      <h2>Custom fields</h2>
      <p>
        <Link to="/settings/custom-fields">Define the fields your team tracks</Link> on shipments and
        containers.
      </p>
      <h2>Customer embeds</h2>
      <p>
        <Link to="/settings/embeds">Put tracking on customers' sites</Link> with scoped, revocable tokens.
      </p>
      <h2>Connection</h2>
      <p>
        <Link to="/settings/connection">Connect a Terminal49 account</Link> with its API key: Quayside keeps
        its own copy current and shows how each one is syncing.
      </p>
    </section>
  )
}
