/**
 * The frame every model-based test of a flow's actor shares: each path the model generated is one test, replayed
 * by the file's own harness (start an actor, check each state by what the person sees, execute each event), and
 * the paths together must visit every atomic state and execute every declared event of the machine.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { PathCoverage } from './coverage';

interface ModelPath {
  steps: ReadonlyArray<{ event: { type: string }; state: { _nodes: ReadonlyArray<{ type: string; id: string }> } }>;
}

/**
 * `replay` runs one path (typically `current = start(); await path.test({ states, events })`); the file cleans up
 * its actor in its own afterEach. `minimum` guards against a model that suddenly generates almost nothing.
 */
export function replayModelPaths<P extends ModelPath>(flow: string, machine: AnyStateMachine, paths: readonly P[], minimum: number, replay: (path: P) => Promise<void>): void {
  const coverage = new PathCoverage();
  describe(`${flow} paths`, () => {
    it('has paths to test', () => expect(paths.length).toBeGreaterThan(minimum));
    paths.forEach((path, index) => {
      it(`path ${index + 1}: ${path.steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ')}`, async () => {
        await replay(path);
        coverage.record(path as never);
      });
    });
  });
  describe(`coverage of the ${flow} flow`, () => {
    it('visited every state', () => expect(coverage.missingStates(machine)).toEqual([]));
    it('executed every event', () => expect(coverage.missingEvents(machine)).toEqual([]));
  });
}
