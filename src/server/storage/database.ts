import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import {
  ensureCluster,
  inMemoryCluster,
  keepTablesTidy,
  keepWalSmall,
  PGLITE_EXTENSIONS,
  PGLITE_START_PARAMS,
} from './pglite-cluster'
import { withNamedStatements } from './pglite-named'
import * as schema from './schema'
import { REMEMBER_CLUSTER_LIFE } from './shown-texts'

type Schema = typeof schema
interface RowsResult extends PgQueryResultHKT {
  type: Rows<this['row']>
}
type Rows<Row> = { rows: Row[] }
type Db = PgDatabase<RowsResult, Schema>
type Tx = PgTransaction<RowsResult, Schema, ExtractTablesWithRelations<Schema>>
/** Stores accept both so writes can share one transaction. */
export type Executor = Db | Tx

export type Database = {
  db: Db
  /**
   * Where named statements keep one generic plan (PostgreSQL: a second pool); for PGlite, `db`. PostgreSQL
   * planned the board's kept counts and page afresh on every call, 0.6 ms each against 0.2–0.5 ms of reading,
   * because their ranges of unknown times look dearer than a plan for one instant. Statements built afresh
   * for their values (searches, narrowed lists) stay on `db`, planned for those values.
   */
  plannedOnce: Db
  kind: 'pglite' | 'postgres'
  close: () => Promise<void>
  /** A connection of its own for LISTEN; absent for PGlite. */
  url?: string
  /** An in-memory PGlite's whole cluster as an uncompressed tarball, which `openDatabase({ dump })` starts from. */
  dump?: () => Promise<Blob>
}

const migrationsFolder = join(import.meta.dirname, 'migrations')

/** The pool waits for ever on an address that never answers. */
async function reach(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 15_000 })
  try {
    await client.connect()
  } finally {
    await client.end().catch(() => {})
  }
}

export async function openDatabase(
  options: {
    databaseUrl?: string
    dataDir?: string
    poolSize?: number
    walCheckMs?: number
    /** How often the embedded database's tables are vacuumed, and the pause between two tables. */
    tidy?: { everyMs: number; pauseMs: number }
    /** An in-memory PGlite starts from this cluster (a `dump` of another), not from an empty one. */
    dump?: Blob
  } = {},
): Promise<Database> {
  if (options.databaseUrl) {
    await reach(options.databaseUrl)
    const poolOf = (settings: string) => {
      const pool = new pg.Pool({
        connectionString: options.databaseUrl,
        max: options.poolSize ?? 10,
        options: settings,
        // awaited before the pool gives the connection out; if it fails, reads fall back to reading the life each time
        onConnect: async (client) => {
          await client.query(REMEMBER_CLUSTER_LIFE).catch(() => {})
        },
      })
      // an idle connection the server drops must not take the process down; the pool replaces it
      pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`))
      return pool
    }
    // compiling a plan with LLVM took 200-500 ms on the board's tab counts, which run in 100 ms without it
    const pool = poolOf('-c jit=off')
    const plannedPool = poolOf('-c jit=off -c plan_cache_mode=force_generic_plan')
    const db = drizzlePg({ client: pool, schema })
    await migratePg(db, { migrationsFolder })
    return {
      db,
      plannedOnce: drizzlePg({ client: plannedPool, schema }),
      kind: 'postgres',
      close: async () => {
        await Promise.all([pool.end(), plannedPool.end()])
      },
      url: options.databaseUrl,
    }
  }
  let client: PGlite
  let stopMaintenance = async () => {}
  if (options.dataDir) {
    const dataPath = join(options.dataDir, 'pglite')
    await ensureCluster(dataPath)
    client = await PGlite.create(dataPath, {
      startParams: PGLITE_START_PARAMS,
      extensions: PGLITE_EXTENSIONS,
    })
    const stopWalCheck = keepWalSmall(client, options.walCheckMs)
    const stopTidying = keepTablesTidy(client, options.tidy?.everyMs, options.tidy?.pauseMs)
    stopMaintenance = async () => {
      await stopTidying()
      await stopWalCheck()
    }
  } else client = await inMemoryCluster(options.dump)
  await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder })
  await client.query(REMEMBER_CLUSTER_LIFE)
  // after the migrations: a statement parsed before a table changed would answer with its old columns;
  // drizzle types its client as the whole PGlite but calls only query and transaction
  const db = drizzlePglite({ client: withNamedStatements(client) as PGlite, schema })
  const close = async () => {
    await stopMaintenance()
    await client.close()
  }
  const dump = options.dataDir ? undefined : () => client.dumpDataDir('none')
  return { db, plannedOnce: db, kind: 'pglite', close, dump }
}
