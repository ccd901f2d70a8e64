/**
 * Renders a public page as a customer meets it: Mantine in its test environment with the notifications a
 * person would see (the notifier port bound to them). `renderPublicLink` opens a page from its link: the
 * session (which spawns the page's actor on `public.open`) with the page's machine given request actors
 * the test settles by hand, the public routes on a memory location, and optionally a simulated clock for
 * the session's whole tree.
 */
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, type RenderResult } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { SimulatedClock } from 'xstate';
import { bindNotifier, type Notice } from '../../../src/api/notify';
import type { PublicProposalInput, SubscriberDetailsInput } from '../../../src/contract/publicLinks';
import { sessionMachine, type SessionActorRef } from '../../../src/machines/session';
import { quietSocket } from '../support/quietSocket';
import { SessionProvider, useSessionActor } from '../../../src/machines/SessionProvider';
import { BusinessProposalScreen } from '../../../src/ui/screens/public/BusinessProposalScreen';
import { SubscriberDetailsScreen } from '../../../src/ui/screens/public/SubscriberDetailsScreen';
import { settle } from '../../machines/support/deferred';

function NotifierBinding({ seen }: { seen: Notice[] }) {
  useEffect(
    () =>
      bindNotifier({
        show: (notice) => {
          seen.push(notice);
          notifications.show({ message: notice.message, color: notice.color });
        },
      }),
    [seen],
  );
  return null;
}

/** Hands the session actor to the test, to check what the session runs. */
function SessionProbe({ into }: { into: { current: SessionActorRef | null } }) {
  into.current = useSessionActor();
  return null;
}

export const ELSEWHERE = '/auth/login-2';

export interface RenderedPage extends RenderResult {
  notices: Notice[];
}

export interface RenderedLink extends RenderedPage {
  session: SessionActorRef;
  /** Goes to another route, leaving the public page. */
  navigate(path: string): void;
}

function Page({ seen, children }: { seen: Notice[]; children: ReactNode }) {
  return (
    <MantineProvider env="test">
      <NotifierBinding seen={seen} />
      <Notifications />
      {children}
    </MantineProvider>
  );
}

/** A page on its own, with its own actor (pages the session does not run). */
export function renderPublicPage(page: ReactNode): RenderedPage {
  const notices: Notice[] = [];
  const result = render(<Page seen={notices}>{page}</Page>);
  return { ...result, notices };
}

export interface PublicRenderOptions {
  /** The session's actors to replace: the page's machine with deferred requests. */
  actors?: Parameters<typeof sessionMachine.provide>[0]['actors'];
  clock?: SimulatedClock;
}


export function renderPublicLink(link: string, { actors, clock }: PublicRenderOptions = {}): RenderedLink {
  const notices: Notice[] = [];
  const [path, search = ''] = link.split('?');
  const location = memoryLocation({ path, searchPath: search });
  const probe: { current: SessionActorRef | null } = { current: null };
  const logic = sessionMachine.provide({ actors: { socket: quietSocket, ...actors } });
  const routes: ReactNode = (
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Switch>
        <Route path="/public/businessProposal">
          <BusinessProposalScreen />
        </Route>
        <Route path="/public/subscriber-details">
          <SubscriberDetailsScreen />
        </Route>
        <Route>
          <p>Elsewhere</p>
        </Route>
      </Switch>
    </Router>
  );
  const result = render(
    <SessionProvider logic={logic} clock={clock}>
      <SessionProbe into={probe} />
      <Page seen={notices}>{routes}</Page>
    </SessionProvider>,
  );
  return {
    ...result,
    notices,
    session: probe.current as SessionActorRef,
    navigate: (to) => act(() => location.navigate(to)),
  };
}

/** The link a staff member would send for a proposal page input. */
export function proposalLink(input: PublicProposalInput): string {
  const query = new URLSearchParams({ token: input.token });
  if (input.linkStatus !== null) query.set('acbS', input.linkStatus);
  query.set('zyxP', input.proposalId);
  return `/public/businessProposal?${query.toString()}`;
}

export function subscriberLink(input: SubscriberDetailsInput): string {
  return `/public/subscriber-details?${new URLSearchParams({ token: input.token, acbS: input.requestId }).toString()}`;
}

/** Lets requests answer and React render what they changed. */
export async function flush(): Promise<void> {
  await act(async () => {
    await settle();
  });
}

export { notifications };
