import { type ComponentType, createContext, type ReactNode, useContext } from 'react'
import type { Session } from '../../../contract/session'

/**
 * Places one feature leaves for another it may not import (features never import each other): the router
 * fills them from files that exist, so a page shows the passkey controls once their feature is built.
 */
export type FeatureSlots = {
  /** `src/web/features/passkeys/passkey-sign-in-button.tsx` */
  PasskeySignInButton?: ComponentType<{ onSignedIn: (session: Session) => void }>
  /** `src/web/features/passkeys/passkey-join.tsx`: `join` accepts the invitation without a password. */
  PasskeyJoin?: ComponentType<{ join: () => Promise<Session>; onJoined: (session: Session) => void }>
  /** `src/web/features/passkeys/passkeys-section.tsx` */
  PasskeysSection?: ComponentType
}

const SlotsContext = createContext<FeatureSlots>({})

export function FeatureSlotsProvider({ slots, children }: { slots: FeatureSlots; children: ReactNode }) {
  return <SlotsContext.Provider value={slots}>{children}</SlotsContext.Provider>
}

/** Render it inside Suspense: it loads when first shown. */
export const useFeatureSlot = <K extends keyof FeatureSlots>(name: K): FeatureSlots[K] =>
  useContext(SlotsContext)[name]
