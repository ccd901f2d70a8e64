/**
 * Screens loaded on demand, one chunk per area, so the sign-in page does not carry the administration
 * screens and the public pages carry neither. Each renders without a loader once its module is in (lazyScreen).
 * The first screens (firstRoutes.ts) come with their own part of Mantine's styles; every other one brings the
 * whole stylesheet along (ui/styles/wholeMantine.ts).
 */
import { firstModulesFor } from '../contract/firstRoutes';
import { afterWholeMantine } from '../ui/styles/wholeMantine';
import { lazyScreen } from './lazyScreen';

export const LoginScreen = lazyScreen(() => import('../ui/screens/auth/LoginScreen').then((m) => m.LoginScreen));
export const SubscriptionRequestScreen = lazyScreen(afterWholeMantine(() => import('../ui/screens/auth/SubscriptionRequestScreen').then((m) => m.SubscriptionRequestScreen)));
// The shell, with what it draws apart from its chunk (the navigation and its icons) on a screen wide enough to show it.
export const AppLayout = lazyScreen(() => import('../ui/shell/AppLayout').then(async (m) => (await m.prepareLayout(), m.AppLayout)));
export const HomeScreen = lazyScreen(() => import('../ui/screens/home/HomeScreen').then((m) => m.HomeScreen));
export const SignScreen = lazyScreen(afterWholeMantine(() => import('../ui/screens/home/SignScreen').then((m) => m.SignScreen)));
export const OpenRouteScreen = lazyScreen(afterWholeMantine(() => import('../ui/screens/home/OpenRouteScreen').then((m) => m.OpenRouteScreen)));
export const UsersScreen = lazyScreen(afterWholeMantine(() => import('../ui/screens/admin/UsersScreen').then((m) => m.UsersScreen)));
export const RolesScreen = lazyScreen(afterWholeMantine(() => import('../ui/screens/admin/RolesScreen').then((m) => m.RolesScreen)));
export const GuardedRouteModulesScreen = lazyScreen(afterWholeMantine(() => import('../ui/screens/module/RouteModulesScreen').then((m) => m.GuardedRouteModulesScreen)));
export const BusinessProposalScreen = lazyScreen(() => import('../ui/screens/public/BusinessProposalScreen').then((m) => m.BusinessProposalScreen));
export const SubscriberDetailsScreen = lazyScreen(afterWholeMantine(() => import('../ui/screens/public/SubscriberDetailsScreen').then((m) => m.SubscriberDetailsScreen)));
export const ProposalsRouteScreen = lazyScreen(afterWholeMantine(() => import('../ui/screens/sales/ProposalsRouteScreen').then((m) => m.ProposalsRouteScreen)));
export const QaPathsScreen = lazyScreen(afterWholeMantine(() => import('../ui/screens/qa/QaPathsScreen').then((m) => m.QaPathsScreen)));
export const SubscriptionRequestsScreen = lazyScreen(afterWholeMantine(() => import('../ui/screens/public/SubscriptionRequestsScreen').then((m) => m.SubscriptionRequestsScreen)));
export const TicketCallListScreen = lazyScreen(afterWholeMantine(() => import('../ui/screens/tickets/TicketCallListScreen').then((m) => m.TicketCallListScreen)));
export const MyCalendarScreen = lazyScreen(afterWholeMantine(() => import('../ui/screens/calendar/MyCalendarScreen').then((m) => m.MyCalendarScreen)));
export const ResourceCalendarScreen = lazyScreen(afterWholeMantine(() => import('../ui/screens/calendar/ResourceCalendarScreen').then((m) => m.ResourceCalendarScreen)));
export const MachineCardScreen = lazyScreen(afterWholeMantine(() => import('../ui/screens/machines/MachineCardScreen').then((m) => m.MachineCardScreen)));
export const AgreementScreen = lazyScreen(afterWholeMantine(() => import('../ui/screens/sales/AgreementScreen').then((m) => m.AgreementScreen)));
export const TicketScreen = lazyScreen(afterWholeMantine(() => import('../ui/screens/tickets/TicketScreen').then((m) => m.TicketScreen)));

/** The first screens by their source module (firstRoutes.ts). */
const FIRST_SCREENS: Readonly<Record<string, { preload(): Promise<void> }>> = {
  'src/ui/screens/auth/LoginScreen.tsx': LoginScreen,
  'src/ui/screens/public/BusinessProposalScreen.tsx': BusinessProposalScreen,
  'src/ui/shell/AppLayout.tsx': AppLayout,
  'src/ui/screens/home/HomeScreen.tsx': HomeScreen,
};

/**
 * Imports the screens of the path the visitor landed on, whose chunks its HTML already preloads; settles when
 * they are in (or failed: the render then meets the failure where it always did).
 */
export async function preloadFirstScreens(pathname: string): Promise<void> {
  await Promise.all(firstModulesFor(pathname).map((module) => FIRST_SCREENS[module]?.preload()));
}
