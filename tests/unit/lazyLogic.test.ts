/**
 * lazyLogic (src/machines/lazyLogic.ts): a stand-in the session names in setup, forwarding to a machine whose code
 * loads later. Spawned after `load()`, the child is that machine (its snapshots, its transitions, a persisted
 * snapshot restored); spawned before, the parent's spawn fails with a message naming the actor.
 */
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, setup, spawnChild } from 'xstate';
import { lazyLogic } from '../../src/machines/lazyLogic';

const toggle = createMachine({ id: 'toggle', initial: 'off', states: { off: { on: { flip: 'on' } }, on: { on: { flip: 'off' } } } });

function parentOf(logic: typeof toggle) {
  return setup({ actors: { toggle: logic } }).createMachine({ entry: spawnChild('toggle', { id: 'child' }) });
}

describe('lazyLogic', () => {
  it('behaves as the machine once loaded, and loads it once', async () => {
    let imports = 0;
    const lazy = lazyLogic('toggle', async () => {
      imports += 1;
      return toggle;
    });
    expect(await lazy.load()).toBe(toggle);
    await lazy.load();
    expect(imports).toBe(1);
    const parent = createActor(parentOf(lazy.logic)).start();
    const child = parent.getSnapshot().children.child;
    expect(child?.getSnapshot().value).toBe('off');
    child?.send({ type: 'flip' });
    expect(child?.getSnapshot().value).toBe('on');
    expect(child?.getSnapshot().matches('on')).toBe(true);
    const persisted = createActor(lazy.logic).start();
    persisted.send({ type: 'flip' });
    const restored = createActor(lazy.logic, { snapshot: persisted.getPersistedSnapshot() }).start();
    expect(restored.getSnapshot().value).toBe('on');
  });

  it('names the actor when it is spawned before its code was loaded', () => {
    const lazy = lazyLogic('toggle', async () => toggle);
    const errors: unknown[] = [];
    const parent = createActor(parentOf(lazy.logic));
    parent.subscribe({ error: (error) => errors.push(error) });
    parent.start();
    expect(String(errors[0] ?? parent.getSnapshot().error)).toContain('The toggle actor was spawned before its code was loaded');
  });
});
