import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router-dom'
import { ReadOnlyNotice, useWriteAccess } from '../../components/access/write-access'
import { customFieldQueries } from '../../components/custom-fields/custom-field-queries'
import { type Definition, withOptions } from '../../components/custom-fields/field-values'
import { type DataColumn, DataTable } from '../../components/data-table/data-table'
import { DefinitionForm, TYPE_WORDS } from './definition-form'
import { DeleteDefinition } from './delete-definition'
import { OptionsEditor } from './options-editor'

const columns = (edit: (id: string) => string): DataColumn<Definition>[] => [
  {
    id: 'name',
    header: 'Name',
    phone: 'title',
    cell: (d) => <Link to={edit(d.id)}>{d.attributes.display_name}</Link>,
  },
  { id: 'slug', header: 'API slug', cell: (d) => <span className="mono">{d.attributes.api_slug}</span> },
  {
    id: 'entity',
    header: 'Applies to',
    width: 8,
    cell: (d) =>
      d.attributes.entity_type === 'Container'
        ? 'Containers'
        : d.attributes.entity_type === 'Shipment'
          ? 'Shipments'
          : d.attributes.entity_type,
  },
  { id: 'type', header: 'Type', cell: (d) => TYPE_WORDS[d.attributes.data_type] ?? d.attributes.data_type },
  { id: 'values', header: 'Values set', width: 7, cell: (d) => d.attributes.value_count ?? '—' },
  {
    id: 'options',
    header: 'Options',
    width: 6,
    cell: (d) =>
      d.attributes.data_type.startsWith('enum') ? (d.attributes.option_count ?? d.options.length) : '—',
  },
]

/** `?edit=<id>` or `?edit=new` opens one. */
export function CustomFieldsPage() {
  const [search, setSearch] = useSearchParams()
  const query = useQuery(customFieldQueries.definitions())
  const { canWrite } = useWriteAccess('admin')
  const editing = search.get('edit')
  const editLink = (id: string) => `?edit=${id}`
  const definitions = query.data ? withOptions(query.data) : undefined
  const current = definitions?.find((d) => d.id === editing)
  const close = () => setSearch({})
  return (
    <section aria-labelledby="custom-fields-title">
      <h1 id="custom-fields-title">Custom fields</h1>
      <p className="muted">
        What your team tracks that the carrier does not: a customer PO, the broker, whether an exam is needed.
        They show on each shipment and container, and as columns of the shipments list.
      </p>
      <ReadOnlyNotice least="admin" action="Changing custom fields" />
      {canWrite && editing !== 'new' ? (
        <p>
          <Link className="button" to={editLink('new')}>
            New field
          </Link>
        </p>
      ) : null}
      {editing && canWrite && (editing === 'new' || current) ? (
        <section aria-labelledby="editor-title" className="panel form-page">
          <h2 id="editor-title">{current ? `Edit ${current.attributes.display_name}` : 'New field'}</h2>
          <DefinitionForm
            key={current?.id ?? 'new'}
            definition={current}
            onDone={(id) => setSearch({ edit: id })}
          />
          {current?.attributes.data_type.startsWith('enum') ? <OptionsEditor definition={current} /> : null}
          {current ? <DeleteDefinition definition={current} onDeleted={close} /> : null}
          <p>
            <button type="button" className="secondary" onClick={close}>
              Close
            </button>
          </p>
        </section>
      ) : null}
      {editing && editing !== 'new' && definitions && !current ? (
        <p role="alert">That field no longer exists. It may have been deleted.</p>
      ) : null}
      <DataTable
        label="Custom fields"
        columns={columns(editLink)}
        rows={definitions}
        rowId={(d) => d.id}
        busy={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{
          title: 'No custom fields yet',
          hint: 'Create one to track what the carrier does not tell you.',
        }}
      />
    </section>
  )
}
