import { createContext, useContext } from 'react';

/**
 * The page's Content-Security-Policy nonce, for the few components that write a `<style>` of their
 * own outside emotion (the data grid's CSS variables). KitRoot provides it.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export const useCspNonce = (): string | undefined => useContext(CspNonceContext);

/** The element's `nonce`, else `<meta name="csp-nonce">`. */
export function cspNonceOf(host: HTMLElement): string | undefined {
  return host.nonce || document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content || undefined;
}
