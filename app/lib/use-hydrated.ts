import { useEffect, useState } from "react";

/** False during server render and the first client render; true once JavaScript is running. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
