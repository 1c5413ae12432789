#!/usr/bin/env node
// `npx quayside-mcp`: runs the TypeScript CLI with the project's own runner, resolved beside this file
import { register } from 'tsx/esm/api'

register()
await import('./stdio-cli.ts')
