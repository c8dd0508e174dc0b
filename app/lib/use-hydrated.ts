import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False during server render and while the page hydrates; true once JavaScript is running. React
 * renders hydration with the server's answer and then re-renders with the browser's, so the markup
 * matches and no effect has to set state.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
