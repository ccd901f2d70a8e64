/** The spare-part and purchasing modules' handlers, composed in ../handlers.ts. */
import type { AreaHandlers } from '../call-context';
import { purchaseOrderHandlers, requestSpareHandlers, requisitionHandlers } from './purchasing';
import { transactionHandlers } from './stock';
import { sparePartHandlers } from './inventory';

export const partsHandlers = {
  'spare-part-inventory': sparePartHandlers,
  transaction: transactionHandlers,
  'request-spare': requestSpareHandlers,
  'purchase-order-requisition': requisitionHandlers,
  'purchase-order': purchaseOrderHandlers,
} satisfies AreaHandlers<'spare-part-inventory' | 'transaction' | 'request-spare' | 'purchase-order-requisition' | 'purchase-order'>;
