import { useEffect, useState } from 'react'
import { formatInZone } from '../../components/time/format-time'
import { SLIDER_STEP } from './map-model'

const HOUR = 3_600_000
/** A play step: six hours of the forecast every tick. */
const PLAY_STEP = 6 * HOUR
const PLAY_TICK_MS = 250

/** The time shows in the viewer's own zone. */
export function ForecastSlider({
  start,
  end,
  at,
  onChange,
}: {
  start: number
  end: number
  at: number
  onChange: (at: number) => void
}) {
  const [playing, setPlaying] = useState(false)
  useEffect(() => {
    if (!playing) return
    const timer = setInterval(() => {
      const next = Math.min(end, at + PLAY_STEP)
      onChange(next)
      if (next >= end) setPlaying(false)
    }, PLAY_TICK_MS)
    return () => clearInterval(timer)
  }, [playing, at, end, onChange])
  const label = formatInZone(new Date(at).toISOString()) ?? ''
  const days = Math.round((at - start) / (24 * HOUR))
  return (
    <div className="forecast-slider">
      <button
        type="button"
        onClick={() => {
          if (!playing && at >= end) onChange(start)
          setPlaying(!playing)
        }}
        aria-pressed={playing}
      >
        {playing ? 'Pause' : 'Play forecast'}
      </button>
      <label>
        <span>Forecast time</span>
        <input
          type="range"
          min={start}
          max={end}
          step={SLIDER_STEP}
          value={at}
          aria-valuetext={`${label}${at > start ? `, ${days} days ahead` : ', now'}`}
          onChange={(event) => onChange(Number(event.currentTarget.value))}
          disabled={end <= start}
        />
      </label>
      <output aria-live="off">
        {at <= start ? 'Now: ' : 'Forecast: '}
        {label}
      </output>
      {at > start ? (
        <button type="button" className="secondary" onClick={() => onChange(start)}>
          Back to now
        </button>
      ) : null}
    </div>
  )
}
