import { createContext, useContext } from 'react';

/**
 * Whether the page is the one shown: false for a page kept open on a background tab
 * (app/tabs/KeepAliveOutlet.tsx). Such a page keeps its state but should cost nothing meanwhile:
 * the live events it follows wait until it shows again, and it does not poll.
 */
export const PageActiveContext = createContext(true);

export const usePageActive = (): boolean => useContext(PageActiveContext);
