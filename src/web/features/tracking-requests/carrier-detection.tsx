import type { InferNumberResult } from '../../../contract/tracking-requests'

type Guess = { scac: string; name?: string | null; confidence: number }

const percent = (confidence: number) => `${Math.round(confidence * (confidence <= 1 ? 100 : 1))}%`

/** On `needs_confirmation` the person picks one before the form can be sent. */
export function CarrierDetection({
  result,
  chosen,
  onChoose,
}: {
  result: InferNumberResult
  chosen?: string
  onChoose: (scac: string) => void
}) {
  const line = result.attributes.shipping_line
  const validation = result.attributes.validation
  const candidates = (line?.candidates ?? []) as Guess[]
  return (
    <div className="detection" role="status">
      {validation?.is_valid === false && validation.reason ? (
        <p className="field-error">{validation.reason}</p>
      ) : null}
      {line?.decision === 'auto_select' && line.selected ? (
        <p>
          Detected <strong>{line.selected.name ?? line.selected.scac}</strong> ({line.selected.scac}),{' '}
          {percent(line.selected.confidence)} confident.
        </p>
      ) : line?.decision === 'needs_confirmation' ? (
        <fieldset>
          <legend>Which carrier issued this number? Auto-detect is not sure, so please confirm.</legend>
          {candidates.map((candidate) => (
            <label key={candidate.scac} className="radio">
              <input
                type="radio"
                name="carrier-candidate"
                value={candidate.scac}
                checked={chosen === candidate.scac}
                onChange={() => onChoose(candidate.scac)}
              />{' '}
              {candidate.name ?? candidate.scac} ({candidate.scac}), {percent(candidate.confidence)} confident
            </label>
          ))}
        </fieldset>
      ) : (
        <p>Couldn't tell the carrier from this number. Choose it from the list.</p>
      )}
    </div>
  )
}
