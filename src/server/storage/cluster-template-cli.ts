/** `npm run db:template`: first starts unpack this instead of running initdb. Run it after upgrading PGlite. */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { create, extract } from 'tar'
import { clusterTemplateFile, PGLITE_START_PARAMS } from './pglite-cluster'

const target = clusterTemplateFile()
const work = mkdtempSync(join(tmpdir(), 'quayside-cluster-'))
try {
  const pg = await PGlite.create({ startParams: PGLITE_START_PARAMS })
  await pg.exec('checkpoint')
  const dump = await pg.dumpDataDir('none')
  await pg.close()
  const tarFile = join(work, 'dump.tar')
  writeFileSync(tarFile, new Uint8Array(await dump.arrayBuffer()))
  const cluster = join(work, 'cluster')
  mkdirSync(cluster)
  await extract({ file: tarFile, cwd: cluster })
  // the lock file of the instance that made it; a cluster in use writes its own
  rmSync(join(cluster, 'postmaster.pid'), { force: true })
  mkdirSync(dirname(target), { recursive: true })
  const archive = await create({ cwd: cluster, portable: true }, readdirSync(cluster)).concat()
  // one window over the whole archive finds the three near-identical databases: 4.5 MB as gzip, 1.3 MB so
  const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24 }
  writeFileSync(target, brotliCompressSync(archive, { params }))
  for (const file of readdirSync(dirname(target)))
    if (file !== basename(target)) rmSync(join(dirname(target), file))
  console.log(`Wrote ${target}`)
} finally {
  rmSync(work, { recursive: true, force: true })
}
