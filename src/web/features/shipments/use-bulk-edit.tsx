import { useState } from 'react'
import { useWriteAccess } from '../../components/access/write-access'
import type { Definition } from '../../components/custom-fields/field-values'
import { selectableFeatures } from '../../components/data-table/row-selection'
import { BulkEdit } from './bulk-edit'
import type { ShipmentRow } from './shipments-columns'

/** The table's row selection exists only while the panel is open. */
export function useBulkEdit(definitions: Definition[], rows: ShipmentRow[] | undefined) {
  const { canWrite } = useWriteAccess()
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [bulk, setBulk] = useState(false)
  const selectable = bulk && canWrite && definitions.length > 0
  const labelOf = (row: ShipmentRow) => row.shipment.attributes.bill_of_lading_number ?? row.shipment.id
  const panel = (
    <>
      {canWrite && definitions.length > 0 && !bulk ? (
        <p>
          <button type="button" className="secondary" onClick={() => setBulk(true)}>
            Set a field on several shipments
          </button>
        </p>
      ) : null}
      {bulk && rows ? (
        <BulkEdit
          definitions={definitions}
          selected={rows
            .filter((r) => selected.has(r.shipment.id))
            .map((r) => ({ id: r.shipment.id, label: labelOf(r) }))}
          onDone={() => {
            setBulk(false)
            setSelected(new Set())
          }}
        />
      ) : null}
    </>
  )
  const selection = selectable
    ? {
        selected,
        onChange: setSelected,
        rowLabel: (row: ShipmentRow) => row.shipment.attributes.bill_of_lading_number ?? 'shipment',
        features: selectableFeatures,
      }
    : undefined
  return { selectable, selection, panel }
}
