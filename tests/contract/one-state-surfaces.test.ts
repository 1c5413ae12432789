import { describe, expect, it } from 'vitest'
import { boardTabsOf } from '../../src/contract/container-board'
import { stateWords } from '../../src/contract/container-state'
import {
  CASE_DETENTION_COSTS,
  CASE_PICKUP_COSTS,
  CASE_TERMINAL_TARIFF,
  CASES_NOW,
  CONTAINER_STATE_CASES,
  caseContainer,
} from '../../src/contract/container-state-cases'
import { notifiedContainerStates } from '../../src/contract/notification-states'
import { handoffPage } from '../../src/server/handoff/handoff-page'
import { containerText, containerView } from '../../src/server/mcp/container-view'
import { holdsColumn } from '../../src/web/components/status/container-cells'
import { containerState } from '../../src/web/components/status/container-state'
import { projectDemurrage } from '../../src/web/components/status/demurrage-projection'
import { BOARD_CSV_HEADER, boardCsvLine } from '../../src/web/features/containers/board-csv'
import { boardRows } from '../../src/web/features/containers/board-rows'
import { widgetState } from '../../src/web/widget/widget-state'

const TERMINAL = {
  id: 't',
  type: 'terminal',
  attributes: { name: 'Pier 400', demurrage_tariff: CASE_TERMINAL_TARIFF },
}

/** The board page a dashboard would be sent for one container at Pier 400. */
const boardPage = (container: ReturnType<typeof caseContainer>) => ({
  data: [{ ...container, relationships: { pod_terminal: { data: { id: 't', type: 'terminal' } } } }],
  included: [TERMINAL],
})

const csvCell = (line: string, column: string) => {
  const cells = line
    .match(/("([^"]|"")*"|[^,]*)(,|$)/g)!
    .map((c) => c.replace(/,$/, '').replace(/^"|"$/g, ''))
  return cells[BOARD_CSV_HEADER.indexOf(column)]
}

describe('one table of cases through every surface', () => {
  it.each(CONTAINER_STATE_CASES)(
    '%s: the board, the container page, the widget, CSV and webhooks agree',
    (name, attributes, kind, headline, tabs) => {
      const container = caseContainer(attributes)
      // the board: its tabs and its rows
      expect(boardTabsOf({ attributes: container.attributes }, CASES_NOW, 3).sort()).toEqual(tabs)
      const [row] = boardRows(boardPage(container), CASES_NOW)
      expect(row.state.kind).toBe(kind)
      expect(row.state.headline).toBe(headline)
      // the container page's banner reads the same state
      const page = containerState(container.attributes, { terminalName: 'Pier 400' }, CASES_NOW)
      expect(page.headline).toBe(headline)
      // CSV says the board's words
      expect(csvCell(boardCsvLine(row), 'Status')).toBe(headline)
      // the board, the page and CSV project the same pickup cost, or none
      const cost = CASE_PICKUP_COSTS[name]
      const pageCost = projectDemurrage(container.attributes, page.countdown, CASE_TERMINAL_TARIFF)
      expect(pageCost && { today: pageCost.today, perDay: pageCost.perDay }).toEqual(cost)
      expect(row.projection).toEqual(pageCost)
      expect(csvCell(boardCsvLine(row), 'If picked up today')).toBe(cost ? cost.today.toFixed(2) : '')
      expect(csvCell(boardCsvLine(row), 'Each further day')).toBe(cost ? cost.perDay.toFixed(2) : '')
      // the board, CSV and the widget project the same detention for the empty, or none
      const detention = CASE_DETENTION_COSTS[name]
      expect(row.detention && { today: row.detention.cost, perDay: row.detention.perDay }).toEqual(detention)
      expect(csvCell(boardCsvLine(row), 'Detention to date')).toBe(
        detention ? detention.today.toFixed(2) : '',
      )
      expect(csvCell(boardCsvLine(row), 'Detention each further day')).toBe(
        detention ? detention.perDay.toFixed(2) : '',
      )
      expect(widgetState(container, 'en', CASES_NOW)?.detention).toEqual(row.detention)
      // a webhook's notification says it in the same words
      const [told] = notifiedContainerStates([...boardPage(container).data, TERMINAL], CASES_NOW)
      expect(told).toMatchObject({ state: kind, label: page.label, headline })
      // the widget, which is not told the terminal's name, says the same state in its words
      const widget = widgetState(container, 'en', CASES_NOW)!
      expect(widget.kind).toBe(kind)
      expect(widget.headline).toBe(stateWords(kind, container.attributes, {}, 'en').headline)
      expect(widget.label).toBe(page.label)
    },
  )
})

describe('holds through every surface', () => {
  it('two holds are listed in the headline words on the board, CSV, the widget, the handoff page and the assistant', () => {
    const holds = [
      { name: 'customs', status: 'hold' },
      { name: 'USDA', status: 'pending' },
    ]
    const container = caseContainer({ available_for_pickup: false, holds_at_pod_terminal: holds })
    const [row] = boardRows(boardPage(container), CASES_NOW)
    expect(row.state.headline).toBe('Not available: customs hold, USDA hold (pending)')
    const line = row.state.headline.replace('Not available: ', '')
    expect(holdsColumn().cell(row)).toBe(line)
    expect(csvCell(boardCsvLine(row), 'Holds')).toBe(line)
    expect(widgetState(container, 'en', CASES_NOW)?.holds).toBe(line)
    const handoff = { ...container, terminalName: 'Pier 400', confirmed: {} }
    expect(handoffPage('qsh_x', [handoff], CASES_NOW, null)).toContain(`<td>${line}</td>`)
    const assistant = containerView({ ...container, relationships: {} }, [], CASES_NOW)
    expect(containerText(assistant)).toContain(`Holds: ${line}\n`)
  })
})
