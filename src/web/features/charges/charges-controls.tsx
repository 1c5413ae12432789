import type { ChargeGrouping } from '../../../contract/charges-summary'
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
  const custom = params.preset === 'custom'
  const problem = custom ? periodProblem(params.from, params.to) : undefined
  const choosePreset = (preset: PeriodPreset) =>
    onChange(
      preset === 'custom'
        ? { period: preset, from: params.from, to: params.to }
        : { period: preset === 'this_month' ? undefined : preset, from: undefined, to: undefined },
    )
  return (
    <div className="charges-controls">
      <fieldset>
        <legend>Group by</legend>
        {GROUPS.map((group) => (
          <label key={group.value}>
            <input
              type="radio"
              name="charges-group"
              value={group.value}
              checked={params.group === group.value}
              onChange={() => onChange({ group: group.value === 'customer' ? undefined : group.value })}
            />
            {group.label}
          </label>
        ))}
      </fieldset>
      <label>
        Period
        <select value={params.preset} onChange={(event) => choosePreset(event.target.value as PeriodPreset)}>
          {PERIOD_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {PRESET_LABELS[preset]}
            </option>
          ))}
        </select>
      </label>
      <label>
        From
        <input
          type="date"
          value={params.from}
          disabled={!custom}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'charges-period-problem' : undefined}
          onChange={(event) => event.target.value && onChange({ from: event.target.value })}
        />
      </label>
      <label>
        To
        <input
          type="date"
          value={params.to}
          disabled={!custom}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'charges-period-problem' : undefined}
          onChange={(event) => event.target.value && onChange({ to: event.target.value })}
        />
      </label>
      {problem ? (
        <p id="charges-period-problem" className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
