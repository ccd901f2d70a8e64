/**
 * The title of every route of spec document 1 §2, shown above the content, in the browser tab and in the
 * breadcrumb, in the person's language. The titles live in the dictionaries (`routes.titles`, keyed by the
 * path segment): English holds the spec's own texts, written down once there rather than taken from module
 * labels, so a title does not change because a module moved. A segment without a title of its own (a
 * detail page's segment, an unknown route) is shown as its words, untranslated: it is data, not a text.
 */
import { en } from '../../i18n/en';
import type { TKey, Translate } from '../../i18n';

/** The route segments that have a title of their own, in every locale. */
export const TITLED_SEGMENTS: readonly string[] = Object.keys(en.routes.titles);
const titled = new Set(TITLED_SEGMENTS);

/** 'sensorProduct' → 'Sensor Product' (for the {product}Dashboard pattern). */
function words(camel: string): string {
  const spaced = camel.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The page of one ticket (/app/ticket/{module}/{id}): titled "Ticket", its ids are not words to show. */
export const TICKET_PAGE = /^\/app\/ticket\/[^/]+\/[^/?#]+/;
/** The card of one machine (/app/machine/{id}): titled "Machine". */
export const MACHINE_PAGE = /^\/app\/machine\/[^/?#]+/;

/** Title of the route whose first segment under /app is `segment`, in the language of `t`. */
export function routeTitle(segment: string, t: Translate): string {
  if (titled.has(segment)) return t(`routes.titles.${segment}` as TKey);
  // {product}Dashboard: the product's name is the segment's own words; the frame around it is translated.
  const product = /^(.+)Dashboard$/.exec(segment);
  if (product) return t('routes.productDashboard', { product: words(product[1]) });
  return words(segment);
}

/** Breadcrumb text of one path segment: a route title for the first, the segment in words otherwise. */
export function segmentTitle(segment: string, index: number, t: Translate): string {
  if (index === 0) return routeTitle(segment, t);
  return words(decodeURIComponent(segment));
}
