import { createContext, useContext } from "react";

/** The CSP nonce of this response; set by entry.server, empty in the browser (nonces are not readable there). */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
