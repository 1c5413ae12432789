import { useId } from 'react'
import type { MuteTime } from '../../../contract/alerts'
import { muteWords, WEEKDAYS } from './alert-words'

const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0]
const NIGHTS: MuteTime = { days: [0, 1, 2, 3, 4, 5, 6], from: '20:00', to: '07:00' }

function MuteRow(props: {
  mute: MuteTime
  index: number
  onChange: (m: MuteTime) => void
  onRemove: () => void
}) {
  const { mute, index, onChange, onRemove } = props
  const id = useId()
  const toggle = (day: number, on: boolean) =>
    onChange({
      ...mute,
      days: on ? [...mute.days.filter((d) => d !== day), day] : mute.days.filter((d) => d !== day),
    })
  return (
    <fieldset className="mute-row">
      <legend>
        Quiet time {index + 1}: {mute.days.length > 0 ? muteWords(mute) : 'choose its days'}
      </legend>
      <div className="alert-choices">
        {WEEK_ORDER.map((day) => (
          <label key={day} className="checkbox">
            <input
              type="checkbox"
              checked={mute.days.includes(day)}
              onChange={(event) => toggle(day, event.target.checked)}
            />{' '}
            {WEEKDAYS[day]}
          </label>
        ))}
      </div>
      <div className="inline">
        <div className="field">
          <label htmlFor={`${id}-from`}>From</label>
          <input
            id={`${id}-from`}
            type="time"
            value={mute.from}
            onChange={(event) => onChange({ ...mute, from: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>To</label>
          <input
            id={`${id}-to`}
            type="time"
            value={mute.to}
            onChange={(event) => onChange({ ...mute, to: event.target.value })}
          />
        </div>
        <button type="button" className="secondary" onClick={onRemove}>
          Remove quiet time {index + 1}
        </button>
      </div>
    </fieldset>
  )
}

/** Nothing is sent inside a quiet time: it waits for its end. Times are in the rule's zone. */
export function MuteTimesEditor(props: {
  value: MuteTime[]
  onChange: (next: MuteTime[]) => void
  zone: string
  problem?: string
}) {
  const { value, onChange, zone, problem } = props
  return (
    <div className="field">
      <span className="field-label">Quiet times ({zone.replaceAll('_', ' ')})</span>
      <p className="hint">
        Alerts that fire inside one are sent when it ends. An end before its start runs past midnight.
      </p>
      {value.map((mute, index) => (
        <MuteRow
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
          key={index}
          mute={mute}
          index={index}
          onChange={(next) => onChange(value.map((m, i) => (i === index ? next : m)))}
          onRemove={() => onChange(value.filter((_, i) => i !== index))}
        />
      ))}
      {problem ? <p className="field-error">{problem}</p> : null}
      <div>
        <button
          type="button"
          className="secondary"
          disabled={value.length >= 14}
          onClick={() => onChange([...value, { ...NIGHTS, days: [...NIGHTS.days] }])}
        >
          Add a quiet time
        </button>
      </div>
    </div>
  )
}
