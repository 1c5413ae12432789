import type { AnyFormApi } from '@tanstack/react-form'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { AlertRule } from '../../../contract/alerts'
import { ApiError, type ApiProblem } from '../../api/api-error'
import { sessionQuery } from '../../api/session'
import { useAppForm } from '../../components/form/app-form'
import { viewerZone } from '../../components/time/time-zone-setting'
import { alertRuleApi, alertRuleQueries } from './alert-rule-queries'
import { alertRuleAttributes, alertRuleFormValues, fieldForPointer } from './alert-rule-values'

/** A 422's problems go on the fields their pointers name (a rule's pointers are nested), the rest above the button. */
function showRuleProblems(form: AnyFormApi, error: unknown) {
  const general: string[] = []
  const problems: ApiProblem[] =
    error instanceof ApiError
      ? error.problems
      : [{ title: error instanceof Error ? error.message : String(error) }]
  for (const problem of problems) {
    const text = problem.detail ?? problem.title
    const field = fieldForPointer(problem.pointer)
    if (field)
      form.setFieldMeta(field, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: text } }))
    else general.push(text)
  }
  form.setErrorMap({ onServer: general.length > 0 ? general.join(' ') : undefined })
}

export function useAlertRuleForm(rule: AlertRule | undefined, onSaved: (rule: AlertRule) => void) {
  const queryClient = useQueryClient()
  const session = useQuery(sessionQuery).data
  return useAppForm({
    defaultValues: alertRuleFormValues(rule, {
      timeZone: session?.user?.time_zone ?? viewerZone(),
      userId: session?.user?.id,
    }),
    onSubmit: async ({ value, formApi }) => {
      const attributes = alertRuleAttributes(value, Boolean(rule))
      try {
        const document = rule
          ? await alertRuleApi.update(rule.id, attributes)
          : await alertRuleApi.create(attributes)
        void queryClient.invalidateQueries({ queryKey: alertRuleQueries.all() })
        onSaved(document.data)
      } catch (error) {
        showRuleProblems(formApi, error)
      }
    },
  })
}
