import type { WidgetMessages } from './widget-messages'

export function Fact({ label, value, m }: { label: string; value: string | null; m: WidgetMessages }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value ?? m.t('unknown')}</dd>
    </div>
  )
}
