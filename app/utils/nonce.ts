import { createContext, useContext } from "react";

/**
 * The response's CSP nonce, provided by entry.server around the app so that
 * `<Scripts>` and `<ScrollRestoration>` carry it (server/security.ts forbids
 * inline scripts without it). Empty on the client: browsers hide nonces and
 * scripts already running need none.
 */
export const NonceContext = createContext<string>("");

/** The CSP nonce of the current server render, or undefined on the client. */
export function useNonce(): string | undefined {
  return useContext(NonceContext) || undefined;
}
