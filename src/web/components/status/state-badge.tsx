import { type ContainerState, TONE_SIGN } from './container-state'

/** The sign and colour repeat what the words say. */
export function StateBadge({ state }: { state: ContainerState }) {
  return (
    <span className={`state state-${state.tone}`}>
      <span aria-hidden="true">{TONE_SIGN[state.tone]} </span>
      {state.headline}
    </span>
  )
}
