import { useId, useState } from 'react'

/** A link or token shown to copy: selectable text, and a Copy button that says whether it worked. */
export function CopyValue({ label, value }: { label: string; value: string }) {
  const id = useId()
  const [copied, setCopied] = useState<'yes' | 'no'>()
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => setCopied('yes'),
      () => setCopied('no'),
    )
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="inline">
        <input id={id} className="mono snippet" readOnly value={value} onFocus={(e) => e.target.select()} />
        <button type="button" className="secondary" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <p aria-live="polite" className="small">
        {copied === 'yes'
          ? 'Copied to the clipboard.'
          : copied === 'no'
            ? 'Could not copy: select the text and copy it.'
            : ''}
      </p>
    </div>
  )
}
