import { type ReactNode, useId, useState } from 'react'

/** Shown text with a Copy button after it, and a line that says whether copying worked. */
export function CopyRow({ value, children }: { value: string; children: ReactNode }) {
  const [copied, setCopied] = useState<'yes' | 'no'>()
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => setCopied('yes'),
      () => setCopied('no'),
    )
  return (
    <>
      <div className="inline">
        {children}
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
    </>
  )
}

/** A link or token shown to copy: selectable text, and a Copy button that says whether it worked. */
export function CopyValue({ label, value }: { label: string; value: string }) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <CopyRow value={value}>
        <input id={id} className="mono snippet" readOnly value={value} onFocus={(e) => e.target.select()} />
      </CopyRow>
    </div>
  )
}
