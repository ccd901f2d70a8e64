/**
 * Model-based tests of the preferences actor: every setting changes and persists, unknown navigation
 * colours are refused, reset restores the defaults (en, light).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { configureStorage, createMemoryStore, PREFERENCES_KEY } from '../../src/api/storage';
import {
  DEFAULT_PREFERENCES,
  NAV_COLORS,
  parsePreferences,
  preferencesMachine,
  type PreferencesEvent,
} from '../../src/machines/flows/preferences';
import { PathCoverage, serializeBy } from './support/coverage';

/** One change per setting away from the defaults, a refused colour, and reset. */
const EVENTS: PreferencesEvent[] = [
  { type: 'preferences.setNavigation', navigation: 'TOP' },
  { type: 'preferences.setSideNav', sideNav: 'SIDE_NAV_DARK' },
  { type: 'preferences.toggleCollapsed' },
  { type: 'preferences.setColorScheme', colorScheme: 'dark' },
  { type: 'preferences.setDirection', direction: 'rtl' },
  { type: 'preferences.setNavColor', navColor: NAV_COLORS[2] },
  { type: 'preferences.setNavColor', navColor: '#000000' },
  { type: 'preferences.setLocale', locale: 'ja' },
  { type: 'preferences.reset' },
];

function changedSettings(preferences: typeof DEFAULT_PREFERENCES): number {
  return (Object.keys(DEFAULT_PREFERENCES) as Array<keyof typeof DEFAULT_PREFERENCES>).filter(
    (key) => preferences[key] !== DEFAULT_PREFERENCES[key],
  ).length;
}

/*
 * Every combination of settings is its own context (hundreds). Traversal stops two changes away from the
 * defaults: enough for each event to run from the defaults and from a changed state (reset, toggling back).
 */
const model = createTestModel(preferencesMachine, {
  input: { initial: DEFAULT_PREFERENCES },
  serializeState: serializeBy((context) => context),
});
const paths = model.getShortestPaths({
  events: EVENTS,
  filterEvents: (snapshot, event) => snapshot.can(event),
  stopWhen: (snapshot) => changedSettings(snapshot.context) >= 2,
});
const coverage = new PathCoverage();

interface Harness {
  actor: Actor<typeof preferencesMachine>;
  store: ReturnType<typeof createMemoryStore>;
}

function start(): Harness {
  const store = createMemoryStore();
  configureStorage({ backend: store });
  // No input: the actor reads the (empty) store and starts from the defaults.
  return { actor: createActor(preferencesMachine, { input: {} }).start(), store };
}

function states({ actor, store }: Harness) {
  return {
    '#preferences.ready': (modelState: ReturnType<typeof actor.getSnapshot>) => {
      expect(actor.getSnapshot().value).toEqual(modelState.value);
      expect(actor.getSnapshot().context).toEqual(modelState.context);
      // What is shown is what a reload would restore.
      const stored = store.getItem(PREFERENCES_KEY);
      expect(stored === null ? DEFAULT_PREFERENCES : parsePreferences(stored)).toEqual(actor.getSnapshot().context);
    },
  };
}

function events({ actor }: Harness) {
  const send = ({ event }: { event: PreferencesEvent }) => {
    const before = actor.getSnapshot().context;
    actor.send(event);
    const after = actor.getSnapshot().context;
    switch (event.type) {
      case 'preferences.toggleCollapsed':
        return expect(after.collapsed).toBe(!before.collapsed);
      case 'preferences.reset':
        return expect(after).toEqual(DEFAULT_PREFERENCES);
      case 'preferences.setNavColor':
        return expect(after.navColor).toBe(event.navColor);
      default: {
        const { type: _type, ...change } = event;
        return expect(after).toMatchObject(change);
      }
    }
  };
  return Object.fromEntries(EVENTS.map((event) => [event.type, send]));
}

let current: Harness | undefined;
afterEach(() => current?.actor.stop());

describe('preferences paths', () => {
  it('has paths to test', () => expect(paths.length).toBeGreaterThan(10));
  paths.forEach((path, index) => {
    const route = path.steps.map((step) => JSON.stringify(step.event)).join(' → ');
    it(`path ${index + 1}: ${route}`, async () => {
      current = start();
      await path.test({
        states: states(current),
        // xstate/graph types each step's event as `{ type }` only; executors read the full event.
        events: events(current) as unknown as Parameters<typeof path.test>[0]['events'],
      });
      coverage.record(path);
    });
  });
  it('refuses a navigation colour outside the default five', () => {
    current = start();
    current.actor.send({ type: 'preferences.setNavColor', navColor: '#000000' });
    expect(current.actor.getSnapshot().context.navColor).toBe(NAV_COLORS[0]);
    expect(current.store.getItem(PREFERENCES_KEY)).toBeNull();
  });
  it('starts from what an earlier visit stored', () => {
    const store = createMemoryStore();
    store.setItem(PREFERENCES_KEY, JSON.stringify({ ...DEFAULT_PREFERENCES, locale: 'fr', colorScheme: 'dark', direction: 'rtl' }));
    configureStorage({ backend: store });
    current = { actor: createActor(preferencesMachine, { input: {} }).start(), store };
    expect(current.actor.getSnapshot().context).toMatchObject({ locale: 'fr', colorScheme: 'dark', direction: 'rtl' });
  });
});

describe('coverage of the preferences actor', () => {
  it('visited every state', () => expect(coverage.missingStates(preferencesMachine)).toEqual([]));
  it('executed every event', () => expect(coverage.missingEvents(preferencesMachine)).toEqual([]));
});
