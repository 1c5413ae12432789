import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AlertRule } from '../../../contract/alerts'
import { explain } from '../../components/layout/explain-error'
import { showToast } from '../../components/toast/toasts'
import { alertRuleApi, alertRuleQueries } from './alert-rule-queries'

function useRuleChange<T>(change: (value: T) => Promise<unknown>, done: (value: T) => string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: change,
    onSuccess: (_, value) => showToast({ tone: 'done', text: done(value) }),
    onError: (error) => showToast({ tone: 'failed', text: `Nothing changed: ${explain(error).title}` }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertRuleQueries.all() }),
  })
}

/** A switch that says its state in words; turning it off keeps the rule and its memory of what fired. */
export function RuleToggle({ rule }: { rule: AlertRule }) {
  const on = rule.attributes.enabled !== false
  const toggle = useRuleChange(
    (enabled: boolean) => alertRuleApi.update(rule.id, { enabled }),
    (enabled) => `${rule.attributes.name} is ${enabled ? 'on' : 'off'}.`,
  )
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={on}
        disabled={toggle.isPending}
        onChange={(event) => toggle.mutate(event.target.checked)}
        aria-label={`${rule.attributes.name}: enabled`}
      />{' '}
      {on ? 'On' : 'Off'}
    </label>
  )
}

export function DeleteRule({ rule }: { rule: AlertRule }) {
  const remove = useRuleChange(
    () => alertRuleApi.remove(rule.id),
    () => `Deleted the rule ${rule.attributes.name}.`,
  )
  return (
    <button
      type="button"
      className="link-button"
      disabled={remove.isPending}
      onClick={() => {
        if (window.confirm(`Delete the alert rule “${rule.attributes.name}”? Alerts it already sent stay.`))
          remove.mutate(undefined)
      }}
    >
      {remove.isPending ? 'Deleting…' : `Delete`}
      <span className="visually-hidden"> {rule.attributes.name}</span>
    </button>
  )
}
