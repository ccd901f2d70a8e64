/**
 * The title of every route of spec document 1 §2, shown above the content and in the browser tab.
 * Routes whose catalogue module exists could take the module's label, but the route table is the
 * stable list: a title must not change because a module moved, so it is written down once here.
 */
const TITLES: Record<string, string> = {
  // open to any signed-in user
  home: 'Home',
  dashboard: 'Dashboard',
  sign: 'Signature',
  'dynamic-dashboard': 'Dynamic Dashboard',
  'qr-code-encoder': 'QR Code Encoder',
  'ticket-dashbaord': 'Ticket Dashboard',
  'dashboard-ui': 'Dashboard UI',
  'dashboard-realtime': 'Realtime Dashboard',
  'dashboard-machine': 'Machine Dashboard',
  'machine-scanning': 'Machine Scanning',
  'operator-view': 'Operator View',
  'fire-extinguisher': 'Fire Extinguisher',
  'bom-tree': 'BOM Tree',
  graphURLDashboard: 'Graph Dashboard',
  'sales-dashboard': 'Sales Dashboard',
  // guarded
  'manage-user': 'Manage User',
  'manage-role': 'Manage Role',
  'manage-feature': 'Manage Feature',
  'manage-privilege': 'Manage Privilege',
  feactivity: 'Field Engineer Activity',
  ticket: 'Tickets',
  'service-provider': 'Service Provider',
  'manage-subscriber': 'Manage Subscriber',
  'site-manage': 'Manage Site',
  'extinguisher-list': 'Fire Extinguishers',
  'serve-dashboard': 'Service Dashboard',
  'resource-view': 'Resource View',
  client: 'Clients',
  genericTicket: 'Generic Tickets',
  'preventive-maintenance': 'Preventive Maintenance',
  preSaleMaintenance: 'Pre-Sale Maintenance',
  'installation-commissioning': 'Installation & Commissioning',
  breakdownMaintenence: 'Breakdown Maintenance',
  Expenses: 'Expenses',
  'svc-machine-type': 'Machine Types',
  'svc-machine-instance': 'Machine Instances',
  'manage-spare-part': 'Spare Parts',
  'ticket-report-list': 'Ticket Reports',
  'ticket-client-list': 'Client Tickets',
  'ticket-assigned-to-me': 'Tickets Assigned to Me',
  questions: 'Questions',
  actionTicket: 'Action Tickets',
  'request-spareparts': 'Spare Part Requests',
  bills: 'Bills',
  'generate-invoice': 'Generate Invoice',
  'generate-e-invoice': 'Generate E-Invoice',
  generateSupplementaryInvoice: 'Supplementary Invoice',
  'final-invoice-list': 'Final Invoices',
  generateCreditNote: 'Generate Credit Note',
  manageCreditNote: 'Manage Credit Notes',
  'client-master': 'Client Master',
  'manual-payment': 'Manual Payments',
  'invoice-item-master': 'Invoice Item Master',
  'my-open-tickets': 'My Open Tickets',
  'my-urgent-tickets': 'My Urgent Tickets',
  'my-resource-view': 'My Calendar',
  'urgent-calls': 'Urgent Calls',
  'closed-calls': 'Closed Calls',
  'open-calls': 'Open Calls',
  'subscription-request-list': 'Subscription Requests',
  salespipeline: 'Sales Pipeline',
  'client-spoc': 'Client SPOC',
  supplier: 'Suppliers',
  'manage-requisition': 'Requisitions',
  'manage-review-requisition': 'Review Requisitions',
  'manage-po': 'Purchase Orders',
  organizationScreen: 'Organizations',
  'operator-ticket': 'Operator Tickets',
};

/** 'sensorProduct' → 'Sensor Product' (for the {product}Dashboard pattern). */
function words(camel: string): string {
  const spaced = camel.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Title of the route whose first segment under /app is `segment`. */
export function routeTitle(segment: string): string {
  if (TITLES[segment]) return TITLES[segment];
  const product = /^(.+)Dashboard$/.exec(segment);
  if (product) return `${words(product[1])} Dashboard`;
  return words(segment);
}

/** Breadcrumb text of one path segment: a route title for the first, the segment in words otherwise. */
export function segmentTitle(segment: string, index: number): string {
  if (index === 0) return routeTitle(segment);
  return words(decodeURIComponent(segment));
}
