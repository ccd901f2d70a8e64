/**
 * Whether a render with no screen to ask (the server's render of a signed-in page: src/prerender/firstPages.tsx)
 * draws the phone's layout. The browser never provides it: there the layout asks the screen (AppLayout.tsx).
 * The server renders a signed-in page for phones only (contract/prerenderedPages.ts, PHONE_LAYOUT_QUERY).
 */
import { createContext } from 'react';

export const PhoneLayoutOnServer = createContext(false);
