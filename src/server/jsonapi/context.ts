import type { Stores } from '../storage/storage'
import type { RenderContext } from './render'

/** Through the stores alone, so a transaction's stores render what it has written. */
export type Ctx = RenderContext<Stores>
