/**
 * The side menu's words (issue 34): the server's menu entries by their stable ids (`menu.<group>.<route>`,
 * server/domain/admin/side-menu.ts), groups by slug and entries by route. An entry an administrator renamed keeps
 * the administrator's words (src/ui/shell/menuModel.ts compares the title with the English dictionary's).
 *
 * An entry named as its route's page title reads that title (`routes.titles`, in every language: the same English,
 * the same translation); only the groups and the entries the menu names otherwise are written here.
 */
export const navOwnEn = {
  groups: {
    administration: 'Administration',
    service: 'Service',
    assets: 'Assets & Machines',
    parts: 'Spare Parts & Purchase',
    sales: 'Sales',
    billing: 'Billing',
    sensors: 'Sensors',
  },
  entries: {
    organizationScreen: 'Organization',
    'my-open-tickets': 'My Open Calls',
    'my-urgent-tickets': 'My Urgent Calls',
    'ticket-assigned-to-me': 'Assigned To Me',
    'site-manage': 'Sites',
    questions: 'Questions & Checklists',
    'bom-tree': 'Bill of Materials',
    'request-spareparts': 'Request Spare Parts',
    'client-spoc': 'Client Contacts',
    'manual-payment': 'Payments',
    'invoice-item-master': 'Invoice Items',
    'dashboard-ui': 'Sensor Analytics',
  },
};

/** The entries whose menu words are their route's page title (`routes.titles`). */
export const NAV_FROM_TITLES = ['home', 'dashboard', 'manage-user', 'manage-role', 'manage-feature', 'manage-privilege', 'manage-subscriber', 'subscription-request-list', 'service-provider', 'resource-view', 'feactivity', 'qa-paths', 'serve-dashboard', 'ticket-dashbaord', 'operator-view', 'ticket', 'genericTicket', 'breakdownMaintenence', 'installation-commissioning', 'preSaleMaintenance', 'preventive-maintenance', 'actionTicket', 'open-calls', 'urgent-calls', 'closed-calls', 'my-resource-view', 'ticket-client-list', 'ticket-report-list', 'operator-ticket', 'Expenses', 'svc-machine-type', 'svc-machine-instance', 'extinguisher-list', 'machine-scanning', 'qr-code-encoder', 'manage-spare-part', 'supplier', 'manage-requisition', 'manage-review-requisition', 'manage-po', 'sales-dashboard', 'salespipeline', 'client', 'bills', 'generate-invoice', 'generate-e-invoice', 'generateSupplementaryInvoice', 'final-invoice-list', 'generateCreditNote', 'manageCreditNote', 'client-master', 'system-tickets', 'dashboard-realtime', 'dashboard-machine', 'dynamic-dashboard', 'graphURLDashboard'] as const;

type NavOwn = { groups: Record<keyof typeof navOwnEn.groups, string>; entries: Record<keyof typeof navOwnEn.entries, string> };

/** One language's side-menu words: its route titles for the entries named as their pages, then its own. */
export function navOf(titles: Record<(typeof NAV_FROM_TITLES)[number], string>, own: NavOwn) {
  const fromTitles = Object.fromEntries(NAV_FROM_TITLES.map((key) => [key, titles[key]])) as Record<(typeof NAV_FROM_TITLES)[number], string>;
  return { groups: own.groups, entries: { ...fromTitles, ...own.entries } };
}
