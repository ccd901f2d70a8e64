/**
 * The subscriber's side menu as the server supplies it (document 1 §2): groups with sub-menus, Tabler
 * icon names, an order field, and the feature code a person must hold to see an entry (the client hides
 * entries whose code the user lacks). Every guarded route of the spec's table appears once in the product's
 * menu; entry ids are stable (`menu.<group>.<route>`), because the boot-time reconcile recognises a tenant's
 * entries by them (server/domain/admin/tenant-reconcile.ts).
 */
import { isPlatformFeature } from '../../../src/contract/modules/index';

export interface MenuItem {
  _id: string;
  title: string;
  /** A @tabler/icons-react component name. */
  icon: string;
  /** Client route, or null for a group. */
  path: string | null;
  order: number;
  /** Feature (screen code) needed to see the entry; absent for open routes and groups. */
  code?: string;
  children: MenuItem[];
}

type Entry = [title: string, route: string, icon: string, code?: string];

function group(slug: string, title: string, icon: string, order: number, entries: readonly Entry[]): MenuItem {
  return {
    _id: `menu.${slug}`,
    title,
    icon,
    path: null,
    order,
    children: entries.map(([childTitle, route, childIcon, code], index) => ({
      _id: `menu.${slug}.${route}`,
      title: childTitle,
      icon: childIcon,
      path: `/app/${route}`,
      order: index + 1,
      ...(code ? { code } : {}),
      children: [],
    })),
  };
}

/** The whole menu the product offers, platform entries included (the platform operator's tenant sees them all). */
export function productSideMenu(): MenuItem[] {
  return [
    { _id: 'menu.home', title: 'Home', icon: 'IconHome', path: '/app/home', order: 1, children: [] },
    { _id: 'menu.dashboard', title: 'Dashboard', icon: 'IconLayoutDashboard', path: '/app/dashboard', order: 2, children: [] },
    group('administration', 'Administration', 'IconSettings', 3, [
      ['Manage User', 'manage-user', 'IconUsers', 'MANAGE_USER'],
      ['Manage Role', 'manage-role', 'IconUserShield', 'MANAGE_ROLE'],
      ['Manage Feature', 'manage-feature', 'IconPuzzle', 'MANAGE_FEATURE'],
      ['Manage Privilege', 'manage-privilege', 'IconKey', 'MANAGE_PRIVILEGES'],
      ['Manage Subscriber', 'manage-subscriber', 'IconBuildingSkyscraper', 'MANAGE_SUBSCRIBER'],
      ['Subscription Requests', 'subscription-request-list', 'IconInbox', 'SUBSCRIPTION_REQUESTS_LIST'],
      ['Service Provider', 'service-provider', 'IconTruckDelivery', 'SERVICE_PROVIDER'],
      ['Organization', 'organizationScreen', 'IconSitemap', 'MANAGE_ORGANIZATION'],
      ['Resource View', 'resource-view', 'IconCalendarEvent', 'RESOURCE_VIEW'],
      ['Field Engineer Activity', 'feactivity', 'IconActivity', 'FE_ACTIVITY'],
      ['QA Test Paths', 'qa-paths', 'IconRoute', 'QA_PATHS'],
    ]),
    group('service', 'Service', 'IconTool', 4, [
      ['Service Dashboard', 'serve-dashboard', 'IconChartPie', 'SERVE_DASHBAORD'],
      ['Ticket Dashboard', 'ticket-dashbaord', 'IconChartBar'],
      ['Operator View', 'operator-view', 'IconUserCheck'],
      ['Tickets', 'ticket', 'IconTicket', 'TICKET_LIST'],
      ['Generic Tickets', 'genericTicket', 'IconTicket', 'GENERIC_TICKET_LIST'],
      ['Breakdown Maintenance', 'breakdownMaintenence', 'IconAlertTriangle', 'BREAKDOWN_MAINTENENCE'],
      ['Installation & Commissioning', 'installation-commissioning', 'IconTools', 'INSTALLATION_AND_COMMISSIONING'],
      ['Pre-Sale Maintenance', 'preSaleMaintenance', 'IconShoppingCart', 'PRESALE_MAINTENANCE_TICKET'],
      ['Preventive Maintenance', 'preventive-maintenance', 'IconCalendarRepeat', 'PREVENTIVE_MAINTENANCE_TICKET'],
      ['Action Tickets', 'actionTicket', 'IconBolt', 'ACTION_'],
      ['Open Calls', 'open-calls', 'IconPhoneCall', 'OPEN_CALLS'],
      ['Urgent Calls', 'urgent-calls', 'IconUrgent', 'URGENT_CALLS'],
      ['Closed Calls', 'closed-calls', 'IconPhoneOff', 'CLOSED_CALLS'],
      ['My Open Calls', 'my-open-tickets', 'IconClipboardList', 'MY_OPEN_CALLS'],
      ['My Urgent Calls', 'my-urgent-tickets', 'IconAlarm', 'MY_URGENT_CALLS'],
      ['Assigned To Me', 'ticket-assigned-to-me', 'IconUserCheck', 'TICKET_ASSIGNED_TO_ME'],
      ['My Calendar', 'my-resource-view', 'IconCalendar', 'MY_CALENDER'],
      ['Client Tickets', 'ticket-client-list', 'IconMessageReport', 'CLIENT_TICKET'],
      ['Ticket Reports', 'ticket-report-list', 'IconReportAnalytics', 'TICKET_REPORT_LIST'],
      ['Operator Tickets', 'operator-ticket', 'IconHeadset', 'OPERATOR_TICKET'],
      ['Expenses', 'Expenses', 'IconReceipt2', 'SVC_EXPENSES'],
    ]),
    group('assets', 'Assets & Machines', 'IconBuildingFactory2', 5, [
      ['Sites', 'site-manage', 'IconMapPin', 'SITE_MANAGE'],
      ['Machine Types', 'svc-machine-type', 'IconCategory', 'SVC_MACHINE'],
      ['Machine Instances', 'svc-machine-instance', 'IconSettingsAutomation', 'SVC_MACHINE_INSTANCE'],
      ['Questions & Checklists', 'questions', 'IconListCheck', 'QUESTIONS'],
      ['Fire Extinguishers', 'extinguisher-list', 'IconFlame', 'FIRE_EXTINGUISHER'],
      ['Machine Scanning', 'machine-scanning', 'IconScan'],
      ['QR Code Encoder', 'qr-code-encoder', 'IconQrcode'],
      ['Bill of Materials', 'bom-tree', 'IconHierarchy2'],
    ]),
    group('parts', 'Spare Parts & Purchase', 'IconPackage', 6, [
      ['Spare Parts', 'manage-spare-part', 'IconBox', 'MANAGE_SPARE_PART'],
      ['Request Spare Parts', 'request-spareparts', 'IconPackageImport', 'SPAREPART_REQUEST'],
      ['Suppliers', 'supplier', 'IconBuildingStore', 'SUPPLIER'],
      ['Requisitions', 'manage-requisition', 'IconFileDescription', 'MANAGE_REQUISITION'],
      ['Review Requisitions', 'manage-review-requisition', 'IconFileCheck', 'REVIEW_REQUISITION'],
      ['Purchase Orders', 'manage-po', 'IconFileInvoice', 'MANAGE_PO'],
    ]),
    group('sales', 'Sales', 'IconChartLine', 7, [
      ['Sales Dashboard', 'sales-dashboard', 'IconChartBar'],
      ['Sales Pipeline', 'salespipeline', 'IconTimeline', 'SALES-PIPELINE'],
      ['Clients', 'client', 'IconBriefcase', 'CLIENT'],
      ['Client Contacts', 'client-spoc', 'IconAddressBook', 'CLIENT_SPOC'],
    ]),
    group('billing', 'Billing', 'IconReceipt', 8, [
      ['Bills', 'bills', 'IconReceiptRupee', 'BILLS'],
      ['Generate Invoice', 'generate-invoice', 'IconFileInvoice', 'GENERATE_INVOICE'],
      ['Generate E-Invoice', 'generate-e-invoice', 'IconFileCertificate', 'GENERATE_E_INVOICE'],
      ['Supplementary Invoice', 'generateSupplementaryInvoice', 'IconFilePlus', 'GENERATE_BILLS_INVOICE'],
      ['Final Invoices', 'final-invoice-list', 'IconFiles', 'FINAL_INVOICE_LIST'],
      ['Generate Credit Note', 'generateCreditNote', 'IconFileMinus', 'GENERATE_CREDIT_NOTE'],
      ['Manage Credit Notes', 'manageCreditNote', 'IconFileDollar', 'MANAGE_CREDIT_NOTE'],
      ['Client Master', 'client-master', 'IconUsersGroup', 'CLIENT_MASTER'],
      ['Payments', 'manual-payment', 'IconCash', 'PAYMENT'],
      ['Invoice Items', 'invoice-item-master', 'IconListDetails', 'INVOICE_ITEM_MASTER'],
    ]),
    group('sensors', 'Sensors', 'IconCpu', 9, [
      ['System Tickets', 'system-tickets', 'IconAlertTriangle', 'SYSTEM_TICKET'],
      ['Realtime Dashboard', 'dashboard-realtime', 'IconActivityHeartbeat'],
      ['Machine Dashboard', 'dashboard-machine', 'IconDeviceAnalytics'],
      ['Sensor Analytics', 'dashboard-ui', 'IconChartLine'],
      ['Dynamic Dashboard', 'dynamic-dashboard', 'IconLayoutGrid'],
      ['Graph Dashboard', 'graphURLDashboard', 'IconChartDots'],
    ]),
  ];
}

/** The menu a tenant starts with: a customer tenant has no entries of platform-only features. */
export function defaultSideMenu(options: { platform: boolean }): MenuItem[] {
  const menu = productSideMenu();
  return options.platform ? menu : withoutPlatformEntries(menu);
}

function withoutPlatformEntries(items: readonly MenuItem[]): MenuItem[] {
  return items
    .filter((item) => !(item.code && isPlatformFeature(item.code)))
    .map((item) => ({ ...item, children: withoutPlatformEntries(item.children) }));
}

/** Sorted by order at every level, as the client shows it. */
export function sortMenu(items: readonly MenuItem[]): MenuItem[] {
  return [...items].sort((a, b) => a.order - b.order).map((item) => ({ ...item, children: sortMenu(item.children ?? []) }));
}
