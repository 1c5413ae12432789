import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ApiError } from '../../api/api-error'
import { customFieldApi, customFieldQueries } from '../../components/custom-fields/custom-field-queries'
import type { Definition } from '../../components/custom-fields/field-values'
import { showToast } from '../../components/toast/toasts'
import { shipmentQueries } from './shipment-queries'

export type BulkFailure = { label: string; words: string }
const SHIPMENTS = { path: 'shipments', definitionType: 'Shipment' } as const

/** One at a time, keeping who refused and why. */
export function useBulkApply(selected: { id: string; label: string }[], onDone: () => void) {
  const queryClient = useQueryClient()
  const [done, setDone] = useState<number>()
  const [failures, setFailures] = useState<BulkFailure[]>([])
  const apply = async (definition: Definition, value: unknown) => {
    const failed: BulkFailure[] = []
    setFailures([])
    for (const [index, shipment] of selected.entries()) {
      setDone(index)
      try {
        await customFieldApi.setValue(SHIPMENTS, shipment.id, definition.attributes.api_slug, value)
      } catch (error) {
        failed.push({
          label: shipment.label,
          words: error instanceof ApiError ? (error.problems[0]?.detail ?? error.message) : String(error),
        })
      }
    }
    setDone(selected.length)
    setFailures(failed)
    await queryClient.invalidateQueries({ queryKey: shipmentQueries.all() })
    await queryClient.invalidateQueries({ queryKey: customFieldQueries.all() })
    const name = definition.attributes.display_name
    showToast(
      failed.length === 0
        ? { tone: 'done', text: `${name} set on ${selected.length} shipments.` }
        : {
            tone: 'failed',
            text: `${name} set on ${selected.length - failed.length} of ${selected.length} shipments.`,
          },
    )
    if (failed.length === 0) onDone()
  }
  const running = done !== undefined && done < selected.length
  return { apply, done, failures, running }
}
