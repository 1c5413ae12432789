import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import {
  type InferNumberResult,
  type TrackingRequestAttributes,
  TrackingRequestAttributesSchema,
} from '../../../contract/tracking-requests'
import { ApiError } from '../../api/api-error'
import { referenceQueries } from '../../api/reference-queries'
import { showServerProblems, useAppForm } from '../../components/form/app-form'
import { showToast } from '../../components/toast/toasts'
import { checkDigitProblem } from './bulk-numbers'
import { CarrierDetection } from './carrier-detection'
import { InitialFields, type InitialValues, initialCustomFields } from './initial-fields'
import { trackingRequestApi, trackingRequestQueries } from './tracking-request-queries'
import { REQUEST_TYPE_OPTIONS, requestTypeWords } from './tracking-request-words'

const NUMBER_TYPES: Record<string, 'container' | 'bill_of_lading' | 'booking_number'> = {
  container: 'container',
  bill_of_lading: 'bill_of_lading',
  booking: 'booking_number',
}

/** "Mediterranean Shipping Company (MSCU)" or "mscu" -> "MSCU". */
const scacFrom = (value: string) =>
  (/\(([A-Za-z0-9]{2,10})\)\s*$/.exec(value)?.[1] ?? value).trim().toUpperCase()

type Existing = { requestId: string; shipmentId?: string }

function useTrackOneForm(fieldValues: { current: InitialValues }, setExisting: (existing: Existing) => void) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  return useAppForm({
    defaultValues: {
      request_number: '',
      request_type: 'bill_of_lading',
      scac: '',
      ref_numbers: [],
      shipment_tags: [],
    } as TrackingRequestAttributes,
    validators: { onSubmit: TrackingRequestAttributesSchema },
    onSubmit: async ({ value, formApi }) => {
      const attributes = {
        ...value,
        request_number: value.request_number.trim(),
        scac: scacFrom(value.scac ?? ''),
        ...initialCustomFields(fieldValues.current),
      }
      try {
        const document = await trackingRequestApi.create({ data: { type: 'tracking_request', attributes } })
        void queryClient.invalidateQueries({ queryKey: trackingRequestQueries.all() })
        showToast({ tone: 'done', text: `Tracking request sent for ${attributes.request_number}.` })
        navigate(`/tracking-requests/${document.data.id}`)
      } catch (error) {
        showServerProblems(formApi, error)
        const duplicate = error instanceof ApiError && error.problems.some((p) => p.code === 'duplicate')
        if (duplicate) {
          const request = await trackingRequestApi
            .findExisting(attributes.request_number, attributes.scac)
            .catch(() => undefined)
          if (request)
            setExisting({
              requestId: request.id,
              shipmentId: request.relationships?.tracked_object?.data?.id,
            })
        }
      }
    },
  })
}

type TrackOneFormApi = ReturnType<typeof useTrackOneForm>

/** A new number makes what was detected for the old one wrong: the carrier it chose goes with it. */
function useCarrierDetection(form: TrackOneFormApi, onNumberChanged: () => void) {
  const [detected, setDetected] = useState<InferNumberResult>()
  const [confirmed, setConfirmed] = useState<string>()
  const detect = useMutation({
    mutationFn: (value: string) => trackingRequestApi.inferNumber(value),
    onSuccess: ({ data }) => {
      setDetected(data)
      setConfirmed(undefined)
      const type = NUMBER_TYPES[data.attributes.number_type ?? '']
      if (type) form.setFieldValue('request_type', type)
      const line = data.attributes.shipping_line
      if (line?.decision === 'auto_select' && line.selected) form.setFieldValue('scac', line.selected.scac)
      if (line?.decision === 'needs_confirmation') form.setFieldValue('scac', '')
    },
  })

  const numberChanged = () => {
    onNumberChanged()
    if (!detected) return
    const chosen = detected.attributes.shipping_line?.selected?.scac
    if (chosen && form.getFieldValue('scac') === chosen) form.setFieldValue('scac', '')
    setDetected(undefined)
    setConfirmed(undefined)
  }
  return { detected, confirmed, setConfirmed, detect, numberChanged }
}

function ExistingLinks({ existing }: { existing: Existing }) {
  return (
    <p>
      <Link to={`/tracking-requests/${existing.requestId}`}>Open the existing tracking request</Link>
      {existing.shipmentId ? (
        <>
          {' or '}
          <Link to={`/shipments/${existing.shipmentId}`}>its shipment</Link>
        </>
      ) : null}
    </p>
  )
}

function ListFields({ form }: { form: TrackOneFormApi }) {
  return (
    <>
      <form.AppField name="ref_numbers">
        {(field) => (
          <field.ListField
            label="Reference numbers"
            words="Up to 50 references of at most 100 characters each, separated by commas"
            placeholder="PO-1234, PO-5678"
          />
        )}
      </form.AppField>
      <form.AppField name="shipment_tags">
        {(field) => (
          <field.ListField
            label="Tags"
            words="Up to 50 tags of at most 100 characters each, separated by commas"
            placeholder="priority, retail"
          />
        )}
      </form.AppField>
    </>
  )
}

function NumberField({
  form,
  detect,
  existing,
  onChange,
}: {
  form: TrackOneFormApi
  detect: ReturnType<typeof useCarrierDetection>['detect']
  existing?: Existing
  onChange: () => void
}) {
  return (
    <form.AppField
      name="request_number"
      validators={{ onSubmit: ({ value }) => checkDigitProblem(value)?.words }}
      listeners={{ onChange }}
    >
      {(field) => (
        <>
          <div className="inline">
            <field.TextField
              label="Number"
              words="Enter a bill of lading, booking or container number"
              hint="A bill of lading, booking or container number. Pasting one detects its carrier."
              autoComplete="off"
              className="mono"
              onPaste={(event) => {
                const pasted = event.clipboardData.getData('text').trim()
                if (pasted) setTimeout(() => detect.mutate(pasted), 0)
              }}
            />
            <button
              type="button"
              className="secondary detect-button"
              disabled={!field.state.value.trim() || detect.isPending}
              onClick={() => detect.mutate(field.state.value.trim())}
            >
              {detect.isPending ? 'Detecting…' : 'Detect carrier'}
            </button>
          </div>
          <CheckDigitHint value={field.state.value} onUse={(number) => field.handleChange(number)} />
          {existing ? <ExistingLinks existing={existing} /> : null}
        </>
      )}
    </form.AppField>
  )
}

export function TrackOneForm({ unavailable }: { unavailable?: string }) {
  const lines = useQuery(referenceQueries.shippingLines())
  const id = useId()
  const [existing, setExisting] = useState<Existing>()
  const fieldValues = useRef<InitialValues>(new Map())
  const form = useTrackOneForm(fieldValues, setExisting)
  const { detected, confirmed, setConfirmed, detect, numberChanged } = useCarrierDetection(form, () =>
    setExisting(undefined),
  )
  const awaitingConfirmation =
    detected?.attributes.shipping_line?.decision === 'needs_confirmation' && !confirmed
  return (
    <form.AppForm>
      <form.Form>
        <NumberField form={form} detect={detect} existing={existing} onChange={numberChanged} />
        {detect.error ? <p className="field-error">Auto-detect failed: {detect.error.message}</p> : null}
        {detected ? (
          <CarrierDetection
            result={detected}
            chosen={confirmed}
            onChoose={(scac) => {
              setConfirmed(scac)
              form.setFieldValue('scac', scac)
            }}
          />
        ) : null}
        <form.AppField name="request_type">
          {(field) => (
            <field.SelectField
              label="Number type"
              words="Choose what kind of number this is"
              options={REQUEST_TYPE_OPTIONS.map((type) => ({ value: type, label: requestTypeWords(type) }))}
            />
          )}
        </form.AppField>
        <form.AppField
          name="scac"
          listeners={{ onChange: ({ value }) => setConfirmed(scacFrom(value ?? '') || undefined) }}
        >
          {(field) => (
            <field.TextField
              label="Carrier"
              words="Choose the carrier: type its name or SCAC, or use Detect carrier"
              list={`${id}-lines`}
              placeholder="Type to search, or use Detect carrier"
              autoComplete="off"
            />
          )}
        </form.AppField>
        <datalist id={`${id}-lines`}>
          {lines.data?.data.map((line) => (
            <option key={line.id} value={line.attributes.scac}>
              {line.attributes.name ?? line.attributes.scac}
            </option>
          ))}
        </datalist>
        <ListFields form={form} />
        <InitialFields values={fieldValues.current} />
        <form.FormFooter
          label="Start tracking"
          busyLabel="Sending…"
          unavailable={unavailable ?? (awaitingConfirmation ? 'Confirm the carrier first.' : undefined)}
        />
      </form.Form>
    </form.AppForm>
  )
}

/** Under a container number whose check digit is wrong: what it should be, and the number likely meant. */
function CheckDigitHint({ value, onUse }: { value: string; onUse: (number: string) => void }) {
  const problem = checkDigitProblem(value)
  if (!problem) return null
  return (
    <div className="suggestion" role="status">
      <span>{problem.words}</span>
      {problem.suggestions.slice(0, 2).map((number) => (
        <button key={number} type="button" className="secondary" onClick={() => onUse(number)}>
          Use <span className="mono">{number}</span>
        </button>
      ))}
    </div>
  )
}
