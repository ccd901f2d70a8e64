/**
 * Every route of spec document 1 §2 (wouter, absolute paths): the redirects, the sign-in area, the
 * public pages, and the application area inside the shell with the open routes, the guarded table and
 * the `{product}Dashboard` pattern. Screens are lazy per area (see screens.ts).
 */
import { Suspense, useState, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { useT } from '../i18n';
import { FullPageLoader } from '../ui/kit/FullPageLoader';
import { NotFound } from '../ui/shell/NotFound';
import { RouteGuard, SignedInOnly, SignedOutOnly, HOME, SIGN_IN } from './guards';
import * as Screens from './screens';
import { GUARDED_ROUTES, OPEN_ROUTES, TICKET_CALL_VIEW_ROUTES, type GuardedRoute } from '../contract/routes';
import { routeTitle } from '../ui/shell/titles';

/** Guarded routes with a screen of their own; every other one shows its catalogue module(s). */
const SPECIAL_SCREENS: Record<string, () => ReactNode> = {
  'manage-user': () => <Screens.UsersScreen />,
  'manage-role': () => <Screens.RolesScreen />,
  salespipeline: () => <Screens.ProposalsRouteScreen path="salespipeline" code="SALES-PIPELINE" />,
  'subscription-request-list': () => <Screens.SubscriptionRequestsScreen path="subscription-request-list" code="SUBSCRIPTION_REQUESTS_LIST" />,
  'qa-paths': () => <Screens.QaPathsScreen />,
  'serve-dashboard': () => <Screens.OpenRouteScreen segment="serve-dashboard" title="" />,
  // The calendars (issue 31): Mantine's schedule components over the resource-view module.
  'my-resource-view': () => <Screens.MyCalendarScreen />,
  'resource-view': () => <ResourceViewScreen />, // the layout shows the title; the dashboard names itself from its segment
  // The ticket call views list every ticket kind together (src/contract/modules/service.ts `alsoModules`).
  ...Object.fromEntries(
    GUARDED_ROUTES.filter((r) => TICKET_CALL_VIEW_ROUTES.includes(r.path)).map((r) => [r.path, () => <Screens.TicketCallListScreen path={r.path} code={r.code} />]),
  ),
};

function ResourceViewScreen() {
  const t = useT();
  return <Screens.ResourceCalendarScreen path="resource-view" code="RESOURCE_VIEW" title={routeTitle('resource-view', t)} />;
}

function GuardedScreen({ route }: { route: GuardedRoute }) {
  const t = useT();
  const special = SPECIAL_SCREENS[route.path];
  return (
    <RouteGuard route={route}>
      {special ? special() : <Screens.GuardedRouteModulesScreen path={route.path} code={route.code} title={routeTitle(route.path, t)} />}
    </RouteGuard>
  );
}

/**
 * A public page's screen under a Suspense boundary only while its module is still to come (decided once per mount,
 * as lazyScreen.tsx decides). A proposal link's HTML carries its page (contract/prerenderedPages.ts) and the client
 * hydrates it with the screen already in: React hydrates a boundary's content later than the rest, after the session
 * has started and may have taken the proposal's view, and that content would then no longer match the HTML.
 */
function PublicScreen({ screen, children }: { screen: { isLoaded(): boolean }; children: ReactNode }) {
  const [loaded] = useState(() => screen.isLoaded());
  return loaded ? children : <Suspense fallback={<FullPageLoader />}>{children}</Suspense>;
}

const PLAIN_OPEN_ROUTES = OPEN_ROUTES.filter((r) => r !== 'home' && r !== 'sign' && !r.startsWith(':'));
const PRODUCT_DASHBOARD = /^\/app\/(?<segment>[^/]+Dashboard)\/?$/;

function AppArea() {
  const t = useT();
  return (
    <SignedInOnly>
      <Suspense fallback={<FullPageLoader />}>
        <Screens.AppLayout>
          <Suspense fallback={<FullPageLoader fullHeight={false} />}>
            <Switch>
              <Route path="/app">
                <Redirect to={HOME} replace />
              </Route>
              <Route path="/app/">
                <Redirect to={HOME} replace />
              </Route>
              <Route path="/app/home">
                <Screens.HomeScreen />
              </Route>
              <Route path="/app/sign">
                <Screens.SignScreen />
              </Route>
              {/* One page per ticket, of every kind: reached from the call views, the ticket lists and links. */}
              <Route path="/app/ticket/:module/:id">{(params: { module: string; id: string }) => <Screens.TicketScreen module={params.module} id={params.id} />}</Route>
              {/* One agreement's page: where a won proposal's "Make agreement" leads (issue 33). */}
              <Route path="/app/agreement/:id">{(params: { id: string }) => <Screens.AgreementScreen id={params.id} />}</Route>
              {/* One machine's card: from the machine on a ticket; the server decides whether it opens (issue 31 item 5). */}
              <Route path="/app/machine/:id">{(params: { id: string }) => <Screens.MachineCardScreen id={params.id} />}</Route>
              {GUARDED_ROUTES.map((route) => (
                <Route key={route.path} path={`/app/${route.path}`}>
                  <GuardedScreen route={route} />
                </Route>
              ))}
              {PLAIN_OPEN_ROUTES.map((segment) => (
                <Route key={segment} path={`/app/${segment}`}>
                  <Screens.OpenRouteScreen segment={segment} title={routeTitle(segment, t)} />
                </Route>
              ))}
              <Route path={PRODUCT_DASHBOARD}>
                {(params: { segment?: string }) => <Screens.OpenRouteScreen segment={params.segment ?? ''} title={routeTitle(params.segment ?? '', t)} />}
              </Route>
              <Route>
                <NotFound />
              </Route>
            </Switch>
          </Suspense>
        </Screens.AppLayout>
      </Suspense>
    </SignedInOnly>
  );
}

function AuthArea() {
  return (
    <SignedOutOnly>
      <Suspense fallback={<FullPageLoader />}>
        <Switch>
          <Route path="/auth/login-2">
            <Screens.LoginScreen />
          </Route>
          <Route path="/auth/login">
            <Screens.LoginScreen />
          </Route>
          <Route path="/auth/subscription-request">
            <Screens.SubscriptionRequestScreen />
          </Route>
          <Route>
            <Redirect to={SIGN_IN} replace />
          </Route>
        </Switch>
      </Suspense>
    </SignedOutOnly>
  );
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/app" replace />
      </Route>
      <Route path="/public/businessProposal">
        <PublicScreen screen={Screens.BusinessProposalScreen}>
          <Screens.BusinessProposalScreen />
        </PublicScreen>
      </Route>
      <Route path="/public/subscriber-details">
        <PublicScreen screen={Screens.SubscriberDetailsScreen}>
          <Screens.SubscriberDetailsScreen />
        </PublicScreen>
      </Route>
      <Route path={/^\/auth(?:\/.*)?$/}>
        <AuthArea />
      </Route>
      <Route path={/^\/app(?:\/.*)?$/}>
        <AppArea />
      </Route>
      <Route>
        <Redirect to="/app" replace />
      </Route>
    </Switch>
  );
}
