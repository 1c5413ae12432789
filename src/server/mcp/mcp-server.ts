import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { type Api, apiReader } from './api-client'
import { registerPrompts } from './prompts'
import { registerResources } from './resources'
import { registerAlertTools } from './tools-alerts'
import { registerBoardTools } from './tools-board'
import { registerCostTool } from './tools-cost'
import { registerFindTools } from './tools-find'
import { registerJourneyTools } from './tools-journey'
import { registerListTools } from './tools-lists'
import { registerWriteTools } from './tools-write'

const INSTRUCTIONS =
  "Quayside tracks this account's containers. Say a container's state in the words the tools give. Only events that happened are milestones; estimates are estimates. When terminal data is stale, say how stale and claim no urgency. Track one number at a time, never 'everything'. Never ask for, show or repeat an API key or webhook secret."

/** One server per caller: every tool reads the /v2 API through `api`, with the caller's own credentials. */
export function createQuaysideMcp(api: Api, version = '0.1.0') {
  const server = new McpServer({ name: 'quayside', version }, { instructions: INSTRUCTIONS })
  const reader = apiReader(api)
  registerFindTools(server, reader)
  registerListTools(server, reader)
  registerJourneyTools(server, reader)
  registerBoardTools(server, reader)
  registerCostTool(server, reader)
  registerWriteTools(server, reader)
  registerAlertTools(server, reader)
  registerPrompts(server)
  registerResources(server, reader)
  return server
}
