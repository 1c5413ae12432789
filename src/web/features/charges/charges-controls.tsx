import type { ChargeGrouping } from '../../../contract/charges-summary'
import { useShownChoice } from '../../components/filters/use-shown-choice'
import {
  type ChargesParams,
  PERIOD_PRESETS,
  type PeriodPreset,
  PRESET_LABELS,
  periodProblem,
} from './charges-period'

type Props = {
  params: ChargesParams
  onChange: (changes: Record<string, string | undefined>) => void
}

const GROUPS: { value: ChargeGrouping; label: string }[] = [
  { value: 'customer', label: 'Customer' },
  { value: 'terminal', label: 'Terminal' },
]

/** Every choice goes to the URL, so a link reproduces the view and Back undoes a change. */
export function ChargesControls({ params, onChange }: Props) {
  const [group, showGroup] = useShownChoice(params.group)
  const [preset, showPreset] = useShownChoice(params.preset)
  const [from, showFrom] = useShownChoice(params.from)
  const [to, showTo] = useShownChoice(params.to)
  const custom = preset === 'custom'
  const problem = custom ? periodProblem(from, to) : undefined
  const choosePreset = (next: PeriodPreset) => {
    showPreset(next)
    onChange(
      next === 'custom'
        ? { period: next, from: params.from, to: params.to }
        : { period: next === 'this_month' ? undefined : next, from: undefined, to: undefined },
    )
  }
  const chooseDay = (key: 'from' | 'to', day: string) => {
    if (!day) return
    if (key === 'from') showFrom(day)
    else showTo(day)
    onChange({ [key]: day })
  }
  return (
    <div className="charges-controls">
      <fieldset>
        <legend>Group by</legend>
        {GROUPS.map((choice) => (
          <label key={choice.value}>
            <input
              type="radio"
              name="charges-group"
              value={choice.value}
              checked={group === choice.value}
              onChange={() => {
                showGroup(choice.value)
                onChange({ group: choice.value === 'customer' ? undefined : choice.value })
              }}
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
      <label>
        Period
        <select value={preset} onChange={(event) => choosePreset(event.target.value as PeriodPreset)}>
          {PERIOD_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {PRESET_LABELS[preset]}
            </option>
          ))}
        </select>
      </label>
      <DayInput
        label="From"
        day={from}
        custom={custom}
        problem={problem}
        choose={(day) => chooseDay('from', day)}
      />
      <DayInput
        label="To"
        day={to}
        custom={custom}
        problem={problem}
        choose={(day) => chooseDay('to', day)}
      />
      {problem ? (
        <p id="charges-period-problem" className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  )
}

type DayInputProps = {
  label: string
  day: string
  custom: boolean
  problem: string | undefined
  choose: (day: string) => void
}

/** A period's first or last day: chosen only for a custom period, and marked with the period's problem. */
function DayInput({ label, day, custom, problem, choose }: DayInputProps) {
  return (
    <label>
      {label}
      <input
        type="date"
        value={day}
        disabled={!custom}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'charges-period-problem' : undefined}
        onChange={(event) => choose(event.target.value)}
      />
    </label>
  )
}
