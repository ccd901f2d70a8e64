/** Lifecycle behaviours that need more than one actor step to show: overlap, supersession, coalescing. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { role } from '../../src/contract/modules/admin';
import { moduleNamed } from '../../src/contract/modules';
import { createDeferredRequests } from './support/deferred';
import { recordNotices } from './support/notices';
import { startResourceActor, type ResourceActor } from './support/resourceModel';

let actor: ResourceActor | undefined;
afterEach(() => actor?.stop());

const PAGE = { data: [{ _id: 'r1', name: 'ADMIN' }], total: 1 };

describe('resource actor', () => {
  it('keeps loading the list while an update is in flight, and each answer lands in its slot', async () => {
    const requests = createDeferredRequests();
    actor = startResourceActor(role, requests);
    actor.send({ type: 'resource.list' });
    await requests.resolve('list', PAGE);
    actor.send({ type: 'resource.update', id: 'r1', body: { name: 'ADMINS' } });
    actor.send({ type: 'resource.list', query: { name: 'A' } });
    expect(actor.getSnapshot().value).toMatchObject({ list: 'loading', update: 'loading' });
    await requests.resolve('update', { _id: 'r1', name: 'ADMINS' });
    expect(actor.getSnapshot().context.list.data).toEqual([{ _id: 'r1', name: 'ADMINS' }]);
    await requests.resolve('list', { data: [{ _id: 'r1', name: 'ADMINS' }, { _id: 'r2', name: 'AUDITOR' }], total: 2 });
    expect(actor.getSnapshot().value).toMatchObject({ list: 'loaded', update: 'succeeded' });
    expect(actor.getSnapshot().context.list.total).toBe(2);
  });

  it('a newer list request supersedes an older one', async () => {
    const requests = createDeferredRequests();
    actor = startResourceActor(role, requests);
    actor.send({ type: 'resource.list', query: { name: 'old' } });
    actor.send({ type: 'resource.list', query: { name: 'new' } });
    expect(requests.started('list')).toBe(2);
    expect(requests.inputOf('list')).toMatchObject({ query: { name: 'new' } });
    await requests.resolve('list', PAGE);
    expect(actor.getSnapshot().context.list).toMatchObject({ data: PAGE.data, query: { name: 'new' } });
  });

  it('coalesces socket changes that arrive during a load into one more load', async () => {
    const requests = createDeferredRequests();
    actor = startResourceActor(role, requests);
    actor.send({ type: 'resource.list', query: { name: 'A' } });
    actor.send({ type: 'resource.changed', op: 'create', _id: 'r2' });
    actor.send({ type: 'resource.changed', op: 'update', _id: 'r1' });
    actor.send({ type: 'resource.changed', op: 'remove', _id: 'r3' });
    expect(requests.started('list')).toBe(1);
    await requests.resolve('list', PAGE);
    expect(requests.started('list')).toBe(2);
    expect(requests.inputOf('list')).toMatchObject({ query: { name: 'A' } });
    await requests.resolve('list', PAGE);
    expect(actor.getSnapshot().value).toMatchObject({ list: 'loaded' });
    expect(requests.started('list')).toBe(2);
  });

  it('ignores socket changes before any list was loaded', () => {
    const requests = createDeferredRequests();
    actor = startResourceActor(role, requests);
    actor.send({ type: 'resource.changed', op: 'create', _id: 'r2' });
    expect(requests.started('list')).toBe(0);
  });

  it('runs different extra calls at once, each in its own slot', async () => {
    const requests = createDeferredRequests();
    actor = startResourceActor(moduleNamed('lead'), requests);
    actor.send({ type: 'resource.call', name: 'getKpi' });
    actor.send({ type: 'resource.call', name: 'changeStage', params: { id: 'l1' }, body: { leadStage: 'Won' } });
    expect(requests.has('call.getKpi') && requests.has('call.changeStage')).toBe(true);
    await requests.resolve('call.changeStage', { _id: 'l1', leadStage: 'Won' });
    await requests.resolve('call.getKpi', { open: 3 });
    expect(actor.getSnapshot().context.calls.getKpi).toMatchObject({ data: { open: 3 }, loading: false });
    expect(actor.getSnapshot().context.calls.changeStage).toMatchObject({ data: { _id: 'l1', leadStage: 'Won' }, loading: false });
  });

  it('shows a newly drafted proposal first without a reload, and merges a proposal taken back to Draft', async () => {
    const requests = createDeferredRequests();
    actor = startResourceActor(moduleNamed('proposal'), requests);
    actor.send({ type: 'resource.list' });
    await requests.resolve('list', { data: [{ _id: 'pr1', proposalName: 'Compressor rental', status: 'Sent(Final)' }], total: 1 });
    actor.send({ type: 'resource.call', name: 'draftProposal', body: { proposalName: 'Dryer rental' } });
    await requests.resolve('call.draftProposal', { _id: 'pr2', proposalName: 'Dryer rental', status: 'Draft' });
    expect(actor.getSnapshot().context.list).toMatchObject({
      data: [{ _id: 'pr2', status: 'Draft' }, { _id: 'pr1', status: 'Sent(Final)' }],
      total: 2,
    });
    actor.send({ type: 'resource.call', name: 'draftProposal', body: { id: 'pr1' } });
    await requests.resolve('call.draftProposal', { _id: 'pr1', status: 'Draft' });
    expect(actor.getSnapshot().context.list).toMatchObject({
      data: [{ _id: 'pr2', status: 'Draft' }, { _id: 'pr1', proposalName: 'Compressor rental', status: 'Draft' }],
      total: 2,
    });
  });

  it('refuses a call the catalogue does not declare, without failing', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const requests = createDeferredRequests();
    actor = startResourceActor(role, requests);
    actor.send({ type: 'resource.call', name: 'noSuchCall' });
    expect(logged).toHaveBeenCalledWith('Module role has no call noSuchCall');
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context.calls).toEqual({});
    logged.mockRestore();
  });

  it('keeps a request in flight through a reset, and resets finished results', async () => {
    const recorder = recordNotices();
    const requests = createDeferredRequests();
    actor = startResourceActor(role, requests);
    actor.send({ type: 'resource.create', body: { name: 'AUDITOR' } });
    actor.send({ type: 'resource.reset' });
    expect(actor.getSnapshot().value).toMatchObject({ create: 'loading' });
    await requests.reject('create', new Error('offline'));
    expect(recorder.messages()).toEqual(['offline']);
    actor.send({ type: 'resource.reset' });
    expect(actor.getSnapshot().context.create).toEqual({ data: null, loading: false, error: null });
    recorder.release();
  });
});
