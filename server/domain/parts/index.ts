/** The spare-part and purchasing modules' handlers, composed in ../handlers.ts. */
import type { AreaHandlers } from '../call-context';
import { purchaseOrderHandlers, requestSpareHandlers, requisitionHandlers } from './purchasing';
import { transactionHandlers } from './stock';

export const partsHandlers = {
  transaction: transactionHandlers,
  'request-spare': requestSpareHandlers,
  'purchase-order-requisition': requisitionHandlers,
  'purchase-order': purchaseOrderHandlers,
} satisfies AreaHandlers<'transaction' | 'request-spare' | 'purchase-order-requisition' | 'purchase-order'>;
