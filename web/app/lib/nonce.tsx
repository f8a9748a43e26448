import { createContext, useContext } from "react";

// The CSP nonce of the current request. Only the server knows it; in the browser the
// nonce attribute is hidden from scripts anyway, so the client side reads "".
const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
