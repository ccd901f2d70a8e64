/**
 * The public page a visitor landed on, made ready before the first render (issue 18, main.tsx): its flow's code
 * is brought (it rides in the page's own chunk, which the HTML already asked for) and, for a proposal link, the
 * view its HTML sent is taken when it has answered. The session then opens the page in its first snapshot
 * (sessionMachine.ts, `starting`), and React's first render is the page itself, not a loader replaced one or two
 * renders later, each of which cost a slow phone about 150 ms.
 */
import { publicProposalInputOf, type PublicPageName } from '../contract/publicLinks';
import type { Landing } from './sessionMachine';
import { loadPublicPageLogic } from './sessionLogic';

/** The /public/* routes (routes/AppRoutes.tsx) and the page each opens. */
const PUBLIC_PAGE_PATHS: Readonly<Record<string, PublicPageName>> = {
  '/public/businessProposal': 'businessProposal',
  '/public/subscriber-details': 'subscriberDetails',
};

/**
 * How long the first render waits for the proposal's view once the scripts have run. On the phone profile the
 * answer is in before them; a slower answer is waited for behind the page's loader instead, as before.
 */
const VIEW_WAIT_MS = 500;

/** The public page a path opens, if any. */
function publicPageAt(pathname: string): PublicPageName | undefined {
  return PUBLIC_PAGE_PATHS[pathname.replace(/\/+$/, '')];
}

/**
 * The landing for this location, or undefined when it is not a public page (or its code could not be brought).
 * With `withView: false` the page opens loading, not with the view the HTML sent: it is what the page's prerendered
 * HTML shows (contract/prerenderedPages.ts), and hydrating that HTML needs the same first render; the view's answer
 * then arrives as the page's first request would.
 */
export async function prepareLanding(pathname: string, search: string, { withView = true }: { withView?: boolean } = {}): Promise<Landing | undefined> {
  const page = publicPageAt(pathname);
  if (!page) return undefined;
  try {
    await loadPublicPageLogic(page);
    const link = withView && page === 'businessProposal' ? publicProposalInputOf(new URLSearchParams(search)) : null;
    if (!link) return { page, query: search };
    const { viewedWithPage } = await import('./flows/publicProposalCalls');
    const viewed = await viewedWithPage(link, VIEW_WAIT_MS);
    return viewed ? { page, query: search, viewed } : { page, query: search };
  } catch {
    // The page then opens as it always could: its screen loads the flow and sends `public.open`.
    return undefined;
  }
}
