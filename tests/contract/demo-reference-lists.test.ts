import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { CARRIERS, SHIPPING_LINES } from '../../src/server/demo/carriers'
import { portByLocode } from '../../src/server/demo/ports'
import { TERMINALS } from '../../src/server/demo/terminals'
import { referenceDir } from './reference'

/** A reference list as rows keyed by its header (RFC 4180: quoted cells may hold commas and quotes). */
const readCsv = (name: string): Record<string, string>[] =>
  parse(readFileSync(join(referenceDir, name), 'utf8'), { columns: true, skip_empty_lines: true })

const orNull = (value: string) => (value === '' ? null : value)

/** Spelling mistakes in the reference lists that the demo corrects rather than shows to people. */
const CORRECTED_NAMES: Record<string, string> = { 'Everport Terminal Serivces': 'Everport Terminal Services' }

describe('demo reference lists', () => {
  it('copies every row of shipping-lines.csv, in order', () => {
    const rows = readCsv('shipping-lines.csv')
    expect(SHIPPING_LINES).toEqual(
      rows.map((row) => ({
        scac: row.SCAC,
        name: row['Full Name'],
        short_name: row.Nickname,
        bill_of_lading_prefix: orNull(row['BOL Prefix']),
        support: row.Support,
        notes: orNull(row.Notes),
      })),
    )
  })

  it('keeps one carrier per SCAC, the first row that names it', () => {
    const scacs = CARRIERS.map((c) => c.scac)
    expect(new Set(scacs).size).toBe(scacs.length)
    expect(scacs).toEqual([...new Set(readCsv('shipping-lines.csv').map((row) => row.SCAC))])
    expect(CARRIERS.find((c) => c.scac === 'MATS')).toMatchObject({
      bill_of_lading_prefix: 'MATS',
      supported: true,
    })
    expect(CARRIERS.find((c) => c.scac === 'HDMU')?.supported).toBe(false)
  })

  it('copies every row of terminals.csv, in order', () => {
    const rows = readCsv('terminals.csv')
    expect(TERMINALS).toEqual(
      rows.map((row) => ({
        firms_code: row['Firms Code'],
        name: CORRECTED_NAMES[row['Terminal Name']] ?? row['Terminal Name'],
        nickname: row['Terminal Nickname'],
        port_code: row['Port Code'],
        port_name: row['Port Name'],
        city: row.City,
        state_abbr: row.State,
        country: row.Country,
        time_zone: row['Time Zone'],
        supported: row.Support === 'Yes',
      })),
    )
  })

  it('gives every terminal a FIRMS code of its own', () => {
    const codes = TERMINALS.map((t) => t.firms_code)
    expect(new Set(codes).size).toBe(codes.length)
  })

  it('knows the port of every terminal, by the same name and in the same time zone', () => {
    for (const terminal of TERMINALS) {
      const port = portByLocode(terminal.port_code)
      expect(port, terminal.port_code).toBeDefined()
      expect(port).toMatchObject({
        name: terminal.port_name,
        country_code: terminal.country,
        state_abbr: terminal.state_abbr,
        time_zone: terminal.time_zone,
      })
      expect(port?.inland).toBeFalsy()
    }
  })
})
