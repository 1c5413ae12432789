import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { InferNumberResult } from '../../../contract/tracking-requests'
import { ApiError } from '../../api/api-error'
import { referenceQueries } from '../../api/reference-queries'
import { ReadOnlyNotice, useWriteAccess } from '../../components/access/write-access'
import { CarrierDetection } from './carrier-detection'
import { trackingRequestApi, trackingRequestQueries } from './tracking-request-queries'
import { REQUEST_TYPE_OPTIONS, requestTypeWords } from './tracking-request-words'

type Field = 'request_number' | 'request_type' | 'scac' | 'ref_numbers' | 'shipment_tags'
const FIELDS: Field[] = ['request_number', 'request_type', 'scac', 'ref_numbers', 'shipment_tags']

const NUMBER_TYPES: Record<string, string> = {
  container: 'container',
  bill_of_lading: 'bill_of_lading',
  booking: 'booking_number',
}

const list = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)

/** "Mediterranean Shipping Company (MSCU)" or "mscu" -> "MSCU". */
const scacFrom = (value: string) =>
  (/\(([A-Za-z0-9]{2,10})\)\s*$/.exec(value)?.[1] ?? value).trim().toUpperCase()

/** Where a 422 points, as one of the form's fields; a pointer elsewhere is shown above the form. */
const fieldOf = (pointer?: string) =>
  FIELDS.find((f) => pointer?.endsWith(`/${f}`) || pointer?.includes(`/${f}/`))

export function TrackShipmentPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const lines = useQuery(referenceQueries.shippingLines())
  const { canWrite } = useWriteAccess()
  const id = useId()
  const [number, setNumber] = useState('')
  const [requestType, setRequestType] = useState('bill_of_lading')
  const [carrier, setCarrier] = useState('')
  const [detected, setDetected] = useState<InferNumberResult>()
  const [confirmed, setConfirmed] = useState<string>()
  const [errors, setErrors] = useState<{ field?: Field; text: string }[]>([])

  const detect = useMutation({
    mutationFn: (value: string) => trackingRequestApi.inferNumber(value),
    onSuccess: ({ data }) => {
      setDetected(data)
      setConfirmed(undefined)
      const type = NUMBER_TYPES[data.attributes.number_type ?? '']
      if (type) setRequestType(type)
      const line = data.attributes.shipping_line
      if (line?.decision === 'auto_select' && line.selected) setCarrier(line.selected.scac)
      if (line?.decision === 'needs_confirmation') setCarrier('')
    },
  })
  const create = useMutation({
    mutationFn: trackingRequestApi.create,
    onSuccess: (document) => {
      void queryClient.invalidateQueries({ queryKey: trackingRequestQueries.all() })
      navigate(`/tracking-requests/${document.data.id}`)
    },
    onError: (error) => {
      if (error instanceof ApiError)
        setErrors(
          error.problems.map((p) => ({
            field: fieldOf(p.pointer),
            text: p.detail ?? p.title,
          })),
        )
      else setErrors([{ text: error.message }])
    },
  })

  const awaitingConfirmation =
    detected?.attributes.shipping_line?.decision === 'needs_confirmation' && !confirmed
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (awaitingConfirmation || !canWrite) return
    const form = new FormData(event.currentTarget)
    setErrors([])
    create.mutate({
      data: {
        type: 'tracking_request',
        attributes: {
          request_type: requestType as 'bill_of_lading',
          request_number: number.trim(),
          scac: scacFrom(carrier),
          ref_numbers: list(String(form.get('ref_numbers') ?? '')),
          shipment_tags: list(String(form.get('shipment_tags') ?? '')),
        },
      },
    })
  }
  const errorFor = (field: Field) => errors.find((e) => e.field === field)
  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    'aria-invalid': errorFor(field) ? true : undefined,
    'aria-describedby': errorFor(field) ? `${id}-${field}-error` : undefined,
  })
  const fieldError = (field: Field) =>
    errorFor(field) ? (
      <p id={`${id}-${field}-error`} className="field-error">
        {errorFor(field)!.text}
      </p>
    ) : null
  const general = errors.filter((e) => !e.field)

  return (
    <section aria-labelledby="track-title" className="form-page">
      <h1 id="track-title">Track a shipment</h1>
      <ReadOnlyNotice
        id={`${id}-read-only`}
        action="Tracking a new shipment"
        more="You can still look at every shipment already being tracked."
      />
      {general.length > 0 ? (
        <div className="error-panel" role="alert">
          {general.map((e) => (
            <p key={e.text}>{e.text}</p>
          ))}
        </div>
      ) : null}
      {errors.some((e) => e.field) ? (
        <p className="visually-hidden" role="alert">
          The form has errors: {errors.map((e) => e.text).join('; ')}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate>
        <label htmlFor={`${id}-request_number`}>Number</label>
        <div className="inline">
          <input
            {...fieldProps('request_number')}
            name="request_number"
            value={number}
            onChange={(event) => setNumber(event.target.value)}
            required
            autoComplete="off"
            className="mono"
          />
          <button
            type="button"
            className="secondary"
            disabled={!number.trim() || detect.isPending || !canWrite}
            onClick={() => detect.mutate(number.trim())}
          >
            {detect.isPending ? 'Detecting…' : 'Detect carrier'}
          </button>
        </div>
        {fieldError('request_number')}
        {detect.error ? <p className="field-error">Auto-detect failed: {detect.error.message}</p> : null}
        {detected ? (
          <CarrierDetection
            result={detected}
            chosen={confirmed}
            onChoose={(scac) => {
              setConfirmed(scac)
              setCarrier(scac)
            }}
          />
        ) : null}

        <label htmlFor={`${id}-request_type`}>Number type</label>
        <select
          {...fieldProps('request_type')}
          value={requestType}
          onChange={(event) => setRequestType(event.target.value)}
        >
          {REQUEST_TYPE_OPTIONS.map((type) => (
            <option key={type} value={type}>
              {requestTypeWords(type)}
            </option>
          ))}
        </select>
        {fieldError('request_type')}

        <label htmlFor={`${id}-scac`}>Carrier</label>
        <input
          {...fieldProps('scac')}
          list={`${id}-lines`}
          value={carrier}
          onChange={(event) => {
            setCarrier(event.target.value)
            setConfirmed(scacFrom(event.target.value) || undefined)
          }}
          placeholder="Type to search, or use Detect carrier"
          autoComplete="off"
          required
        />
        <datalist id={`${id}-lines`}>
          {lines.data?.data.map((line) => (
            <option
              key={line.id}
              value={`${line.attributes.name ?? line.attributes.scac} (${line.attributes.scac})`}
            />
          ))}
        </datalist>
        {fieldError('scac')}

        <label htmlFor={`${id}-ref_numbers`}>Reference numbers</label>
        <input {...fieldProps('ref_numbers')} name="ref_numbers" placeholder="PO-1234, PO-5678" />
        {fieldError('ref_numbers')}

        <label htmlFor={`${id}-shipment_tags`}>Tags</label>
        <input {...fieldProps('shipment_tags')} name="shipment_tags" placeholder="priority, retail" />
        {fieldError('shipment_tags')}

        <div className="form-actions">
          <button
            type="submit"
            disabled={create.isPending || awaitingConfirmation || !canWrite}
            aria-describedby={canWrite ? undefined : `${id}-read-only`}
          >
            {create.isPending ? 'Sending…' : 'Start tracking'}
          </button>
          {awaitingConfirmation ? <span className="muted">Confirm the carrier first.</span> : null}
        </div>
      </form>
    </section>
  )
}
