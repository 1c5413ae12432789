import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { explain } from '../../components/layout/explain-error'
import { Time } from '../../components/time/time'
import { alertRuleQueries } from './alert-rule-queries'
import { type AlertRuleFormValues, previewBody } from './alert-rule-values'

const WAIT_MS = 600

function useSettled<T>(value: T) {
  const [settled, setSettled] = useState(value)
  const key = JSON.stringify(value)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised value is the dependency
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), WAIT_MS)
    return () => clearTimeout(timer)
  }, [key])
  return settled
}

const times = (n: number) => (n === 1 ? 'once' : `${n} times`)

export function AlertRulePreview({ values }: { values: AlertRuleFormValues }) {
  const body = useSettled(previewBody(values))
  const preview = useQuery(alertRuleQueries.preview(body))
  const meta = preview.data?.meta
  return (
    <section className="alert-preview" aria-labelledby="alert-preview-title">
      <h2 id="alert-preview-title">Preview</h2>
      <div aria-live="polite" aria-busy={preview.isFetching}>
        {preview.error ? (
          <p className="field-error">No preview: {explain(preview.error).title}</p>
        ) : meta ? (
          <p>
            <strong>
              Would have fired {times(meta.would_have_fired)} in the last {meta.days} days
            </strong>
            {meta.would_have_fired === 0 ? ': nothing in that week met the condition.' : '.'}
          </p>
        ) : (
          <p className="muted">Working out what this rule would have done in the last 7 days…</p>
        )}
      </div>
      {meta?.examples?.length ? (
        <ul className="alert-examples">
          {meta.examples.slice(0, 5).map((example) => (
            <li key={`${example.subject_label}-${example.fired_at}`}>
              <span className="mono">{example.subject_label}</span> · <Time value={example.fired_at} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
