import { createContext, type ReactNode, useContext, useEffect } from 'react';

// Shared by the server render and the client hydration of an island, so both trees produce the same DOM.

const IslandIdContext = createContext('island');

/** A stable DOM id for a field inside an island (islands never call useId: it differs between the two roots). */
export function useFieldId(name: string): string {
  return `${useContext(IslandIdContext)}-${name}`;
}

export function IslandRoot({ id, onHydrated, children }: { id: string; onHydrated?: () => void; children: ReactNode }) {
  return (
    <IslandIdContext.Provider value={id}>
      {children}
      {onHydrated ? <HydrationSignal onHydrated={onHydrated} /> : null}
    </IslandIdContext.Provider>
  );
}

/** Renders nothing; tells the page once the island has committed on the client. */
function HydrationSignal({ onHydrated }: { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return null;
}
