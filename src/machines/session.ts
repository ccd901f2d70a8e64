/**
 * The session machine with the whole module catalogue registered, for code that drives the session
 * without the browser client (tests, benchmarks). The client imports `./sessionMachine` instead, so the
 * sign-in and public pages do not load the catalogue (see moduleRegistry.ts).
 */
import { catalogue } from '../contract/modules';
import { registerModules } from './moduleRegistry';

registerModules(catalogue);

export * from './sessionMachine';
