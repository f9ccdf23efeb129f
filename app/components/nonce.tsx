import { createContext, useContext } from 'react'

const NonceContext = createContext('')

/** The CSP nonce of the response being rendered; empty in the browser, which hides it anyway. */
export const NonceProvider = NonceContext.Provider

export function useNonce() {
	return useContext(NonceContext)
}
