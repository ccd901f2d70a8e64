/**
 * Screens loaded on demand, one chunk per area, so the sign-in page does not carry the administration
 * screens and the public pages carry neither.
 */
import { lazy } from 'react';

export const LoginScreen = lazy(() => import('../ui/screens/auth/LoginScreen').then((m) => ({ default: m.LoginScreen })));
export const SubscriptionRequestScreen = lazy(() =>
  import('../ui/screens/auth/SubscriptionRequestScreen').then((m) => ({ default: m.SubscriptionRequestScreen })),
);
export const AppLayout = lazy(() => import('../ui/shell/AppLayout').then((m) => ({ default: m.AppLayout })));
export const HomeScreen = lazy(() => import('../ui/screens/home/HomeScreen').then((m) => ({ default: m.HomeScreen })));
export const SignScreen = lazy(() => import('../ui/screens/home/SignScreen').then((m) => ({ default: m.SignScreen })));
export const OpenRouteScreen = lazy(() => import('../ui/screens/home/OpenRouteScreen').then((m) => ({ default: m.OpenRouteScreen })));
export const UsersScreen = lazy(() => import('../ui/screens/admin/UsersScreen').then((m) => ({ default: m.UsersScreen })));
export const RolesScreen = lazy(() => import('../ui/screens/admin/RolesScreen').then((m) => ({ default: m.RolesScreen })));
export const GuardedRouteModulesScreen = lazy(() =>
  import('../ui/screens/module/RouteModulesScreen').then((m) => ({ default: m.GuardedRouteModulesScreen })),
);
export const BusinessProposalScreen = lazy(() =>
  import('../ui/screens/public/BusinessProposalScreen').then((m) => ({ default: m.BusinessProposalScreen })),
);
export const SubscriberDetailsScreen = lazy(() =>
  import('../ui/screens/public/SubscriberDetailsScreen').then((m) => ({ default: m.SubscriberDetailsScreen })),
);
export const ProposalsRouteScreen = lazy(() => import('../ui/screens/sales/ProposalsRouteScreen').then((m) => ({ default: m.ProposalsRouteScreen })));
export const QaPathsScreen = lazy(() => import('../ui/screens/qa/QaPathsScreen').then((m) => ({ default: m.QaPathsScreen })));
export const SubscriptionRequestsScreen = lazy(() =>
  import('../ui/screens/public/SubscriptionRequestsScreen').then((m) => ({ default: m.SubscriptionRequestsScreen })),
);
export const TicketCallListScreen = lazy(() => import('../ui/screens/tickets/TicketCallListScreen').then((m) => ({ default: m.TicketCallListScreen })));
export const TicketScreen = lazy(() => import('../ui/screens/tickets/TicketScreen').then((m) => ({ default: m.TicketScreen })));
