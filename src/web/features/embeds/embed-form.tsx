import { useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod/mini'
import {
  EMBED_FIELD_GROUPS,
  EMBED_SCOPE_KINDS,
  type EmbedScope,
  type EmbedToken,
} from '../../../contract/embed-tokens'
import { referenceQueries } from '../../api/reference-queries'
import { showServerProblems, useAppForm } from '../../components/form/app-form'
import { showToast } from '../../components/toast/toasts'
import { embedTokenApi, embedTokenQueries, shipmentIdsFor } from './embed-queries'

export const SCOPE_WORDS: Record<(typeof EMBED_SCOPE_KINDS)[number], string> = {
  shipments: 'These shipments',
  customer: "One customer's shipments",
  tag: 'Shipments with a tag',
  track_by_number: 'Any number already tracked, looked up by the visitor',
}

export const FIELD_WORDS: Record<(typeof EMBED_FIELD_GROUPS)[number], string> = {
  vessel: 'Vessel and voyage',
  references: 'References, tags and customer name',
  holds: 'Holds at the terminal',
  last_free_day: 'Last free day and appointments',
  fees: 'Fees (demurrage and others)',
  timeline: 'Timeline of events',
}

const ORIGIN = /^https?:\/\/[^/\s]+$/i
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

const EmbedFormSchema = z
  .object({
    name: z
      .string()
      .check(z.trim(), z.minLength(1, 'Name the token, for example after the customer’s portal')),
    scope_kind: z.enum(EMBED_SCOPE_KINDS),
    shipment_numbers: z.array(z.string()),
    customer_id: z.string(),
    tag: z.string(),
    fields: z.array(z.enum(EMBED_FIELD_GROUPS)),
    allowed_origins: z
      .array(
        z
          .string()
          .check(z.regex(ORIGIN, 'Each origin is a scheme and host, like https://portal.example.com')),
      )
      .check(z.minLength(1, 'Name at least one site that may show the widget')),
    expires_on: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the day the token stops working')),
  })
  .check(
    z.refine((value) => value.scope_kind !== 'shipments' || value.shipment_numbers.length > 0, {
      message: 'Name at least one bill of lading',
      path: ['shipment_numbers'],
    }),
    z.refine((value) => value.scope_kind !== 'customer' || value.customer_id !== '', {
      message: 'Choose the customer',
      path: ['customer_id'],
    }),
    z.refine((value) => value.scope_kind !== 'tag' || value.tag.trim() !== '', {
      message: 'Enter the tag',
      path: ['tag'],
    }),
  )
type EmbedFormValues = z.infer<typeof EmbedFormSchema>

/** Creates a token: what it shows, which fields, from which sites, until when. `onCreated` gets it with the token itself. */
export function EmbedForm({
  unavailable,
  onCreated,
}: {
  unavailable?: string
  onCreated: (token: EmbedToken) => void
}) {
  const queryClient = useQueryClient()
  const customers = useQuery(referenceQueries.customers())
  const form = useAppForm({
    defaultValues: {
      name: '',
      scope_kind: 'shipments',
      shipment_numbers: [],
      customer_id: '',
      tag: '',
      fields: ['timeline'],
      allowed_origins: [],
      expires_on: inDays(90),
    } as EmbedFormValues,
    validators: { onSubmit: EmbedFormSchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        const scope = await scopeFrom(value)
        if ('missing' in scope) {
          formApi.setFieldMeta('shipment_numbers', (meta) => ({
            ...meta,
            errorMap: {
              ...meta.errorMap,
              onServer: `No shipment has the bill of lading ${scope.missing.join(', ')}`,
            },
          }))
          return
        }
        const document = await embedTokenApi.create({
          data: {
            type: 'embed_token',
            attributes: {
              name: value.name.trim(),
              scope,
              fields: value.fields,
              allowed_origins: value.allowed_origins,
              expires_at: new Date(`${value.expires_on}T23:59:59Z`).toISOString(),
            },
          },
        })
        void queryClient.invalidateQueries({ queryKey: embedTokenQueries.all() })
        showToast({ tone: 'done', text: `Embed token “${value.name.trim()}” created.` })
        onCreated(document.data)
      } catch (error) {
        showServerProblems(formApi, error)
      }
    },
  })
  return (
    <form.AppForm>
      <form.Form>
        <form.AppField name="name">
          {(field) => <field.TextField label="Name" autoComplete="off" />}
        </form.AppField>
        <form.AppField name="scope_kind">
          {(field) => (
            <field.SelectField
              label="Shows"
              options={EMBED_SCOPE_KINDS.map((kind) => ({ value: kind, label: SCOPE_WORDS[kind] }))}
            />
          )}
        </form.AppField>
        <form.Subscribe selector={(state) => state.values.scope_kind}>
          {(kind) => (
            <>
              {kind === 'shipments' && (
                <form.AppField name="shipment_numbers">
                  {(field) => (
                    <field.ListField
                      label="Bills of lading"
                      hint="Comma-separated"
                      autoComplete="off"
                      className="mono"
                    />
                  )}
                </form.AppField>
              )}
              {kind === 'customer' && (
                <form.AppField name="customer_id">
                  {(field) => (
                    <field.SelectField
                      label="Customer"
                      options={[
                        {
                          value: '',
                          label: customers.isPending ? 'Loading customers…' : 'Choose a customer',
                        },
                        ...(customers.data?.data ?? []).map((party) => ({
                          value: party.id,
                          label: party.attributes.company_name ?? party.id,
                        })),
                      ]}
                    />
                  )}
                </form.AppField>
              )}
              {kind === 'tag' && (
                <form.AppField name="tag">
                  {(field) => <field.TextField label="Tag" autoComplete="off" />}
                </form.AppField>
              )}
            </>
          )}
        </form.Subscribe>
        <form.Field name="fields">
          {(field) => (
            <fieldset>
              <legend>Also share</legend>
              <p className="muted small">
                Numbers, carrier, ports, dates and container status are always shown. Anything not ticked is
                left out of what the widget receives.
              </p>
              {EMBED_FIELD_GROUPS.map((group) => (
                <label key={group} className="checkbox">
                  <input
                    type="checkbox"
                    checked={field.state.value.includes(group)}
                    onChange={(event) =>
                      field.handleChange(
                        event.target.checked
                          ? [...field.state.value, group]
                          : field.state.value.filter((value) => value !== group),
                      )
                    }
                  />{' '}
                  {FIELD_WORDS[group]}
                </label>
              ))}
            </fieldset>
          )}
        </form.Field>
        <form.AppField name="allowed_origins">
          {(field) => (
            <field.ListField
              label="Sites that may show it"
              hint="Origins, comma-separated, like https://portal.example.com"
              autoComplete="off"
            />
          )}
        </form.AppField>
        <form.AppField name="expires_on">
          {(field) => <field.TextField label="Works until" type="date" min={inDays(1)} max={inDays(730)} />}
        </form.AppField>
        <form.FormFooter label="Create token" busyLabel="Creating…" unavailable={unavailable} />
      </form.Form>
    </form.AppForm>
  )
}

async function scopeFrom(value: EmbedFormValues): Promise<EmbedScope | { missing: string[] }> {
  switch (value.scope_kind) {
    case 'shipments': {
      const { ids, missing } = await shipmentIdsFor(value.shipment_numbers)
      return missing.length > 0 ? { missing } : { kind: 'shipments', shipment_ids: ids }
    }
    case 'customer':
      return { kind: 'customer', customer_id: value.customer_id }
    case 'tag':
      return { kind: 'tag', tag: value.tag.trim() }
    default:
      return { kind: 'track_by_number' }
  }
}
