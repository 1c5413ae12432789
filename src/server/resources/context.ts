import type { RenderContext } from '../http/render'
import type { Stores } from '../storage/storage'

/** Resources read through the stores alone, so a transaction's stores render what it has written. */
export type Ctx = RenderContext<Stores>
