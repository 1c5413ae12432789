import type { RenderContext } from '../http/render'
import type { Storage } from '../storage/storage'

export type Ctx = RenderContext<Storage>
