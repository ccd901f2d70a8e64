/**
 * A customer's proposal link asks for the proposal while its scripts are still downloading (issue 18).
 *
 * The page's one call that shows anything is `viewProposal` (document 2 §7), and on a phone's network its round
 * trip used to start only after about two seconds of script had arrived and run. The server now writes that
 * call's request into the link's HTML (`earlyViewHtml`: the request as JSON, and a small fixed script that sends
 * it), so it travels beside the scripts; `viewProposal` (publicProposalCalls.ts) takes its answer instead of
 * asking again. It is the same call with the same headers and body, sent once: the spec's calls and the view
 * record do not change, only when the request leaves.
 *
 * Pure: the server imports it to write the HTML and its content security policy (the script's hash), the
 * client to read the answer. Nothing here runs in the page but EARLY_VIEW_SCRIPT.
 */
import { PUBLIC_PROPOSAL_PATH } from './publicPaths';
import { publicProposalInputOf } from './publicLinks';
import { viewStatusOf } from './publicProposalTerms';

/** The page a proposal link opens (document 1 §2). */
export const PROPOSAL_PAGE = /^\/public\/businessProposal\/?$/;

export const VIEW_PROPOSAL_PATH = `${PUBLIC_PROPOSAL_PATH}/viewProposal`;

/** The id of the JSON element that carries the request, and the window property the script leaves its reply on. */
const REQUEST_ELEMENT_ID = 'fieldops-early-view';
export const EARLY_VIEW_GLOBAL = '__fieldopsEarlyView';

/** The body `viewProposal` sends (document 2 §7). */
export interface ViewProposalBody {
  id: string;
  status: string;
}

/** What the HTML carries: the link's token (sent as the `token` header, as every public call sends it) and the body. */
export interface EarlyViewRequest {
  token: string;
  body: ViewProposalBody;
}

/** What the script leaves on the window: the request it sent and the fetch's promise. */
export interface EarlyView extends EarlyViewRequest {
  reply: Promise<Response>;
}

/** The request a link's query makes, by the same reading of the link as the page's machine; null when it makes none. */
export function earlyViewRequest(query: URLSearchParams): EarlyViewRequest | null {
  const input = publicProposalInputOf(query);
  return input && { token: input.token, body: { id: input.proposalId, status: viewStatusOf(input.linkStatus) } };
}

/**
 * The script, fixed text so that the policy can name it by hash (no nonce per answer). It reads the request
 * from the JSON element before it and sends it with the headers apiRequest gives a public call; anything
 * unexpected leaves no global, and the page then asks as it always did.
 */
export const EARLY_VIEW_SCRIPT =
  `(function(){try{var r=JSON.parse(document.getElementById(${JSON.stringify(REQUEST_ELEMENT_ID)}).textContent);` +
  `window[${JSON.stringify(EARLY_VIEW_GLOBAL)}]={token:r.token,body:r.body,reply:fetch(${JSON.stringify(VIEW_PROPOSAL_PATH)},` +
  `{method:"PATCH",headers:{token:r.token,"public-request":"true","content-type":"application/json"},body:JSON.stringify(r.body)})}}catch(e){}})();`;

/** JSON safe inside a script element: no `<` can close it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The head elements that send the request for this link, or '' when the link makes none. */
export function earlyViewHtml(query: URLSearchParams): string {
  const request = earlyViewRequest(query);
  if (!request) return '';
  return `<script type="application/json" id="${REQUEST_ELEMENT_ID}">${scriptJson(request)}</script><script>${EARLY_VIEW_SCRIPT}</script>`;
}
