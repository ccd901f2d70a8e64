/**
 * The client: the root session actor, the providers that read it, and the routes. Tests render it with
 * session logic whose I/O actors are replaced, a memory location and Mantine's test environment.
 */
import { Router, type BaseLocationHook } from 'wouter';
import type { Landing, sessionMachine, StoredSession } from './machines/sessionMachine';
import { SessionProvider } from './machines/SessionProvider';
import { AppRoutes } from './routes/AppRoutes';
import { AppProviders } from './ui/AppProviders';

export interface AppProps {
  /** Session logic with other I/O actors (tests). */
  logic?: typeof sessionMachine;
  /** Location hook (tests use wouter's memory location). */
  locationHook?: BaseLocationHook;
  searchHook?: () => string;
  env?: 'default' | 'test';
  /** The public link the visitor landed on, read before the first render (main.tsx). */
  landing?: Landing;
  /** The session an earlier visit kept, read before the first render (main.tsx, machines/keptSession.ts). */
  restored?: StoredSession;
  /** The path rendered where there is no browser location: the first pages' HTML at build time (src/prerender). */
  ssrPath?: string;
}

export function App({ logic, locationHook, searchHook, env, landing, restored, ssrPath }: AppProps) {
  return (
    <SessionProvider logic={logic} landing={landing} restored={restored}>
      <AppProviders env={env}>
        <Router hook={locationHook} searchHook={searchHook} ssrPath={ssrPath}>
          <AppRoutes />
        </Router>
      </AppProviders>
    </SessionProvider>
  );
}
