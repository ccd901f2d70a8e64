import { describe, expect, it } from 'vitest';
import {
  applyCacheChange,
  callChange,
  createChange,
  EMPTY_LIST,
  removeChange,
  updateChange,
  type CachedList,
} from '../../src/machines/cachedList';

const list: CachedList = {
  data: [
    { _id: 'a', name: 'Alpha', status: 'Active' },
    { _id: 'b', name: 'Beta', status: 'Active' },
  ],
  total: 2,
};

describe('list', () => {
  it('replaces data and total with the reply', () => {
    const page = { data: [{ _id: 'z', name: 'Zeta' }], total: 40 };
    expect(applyCacheChange(list, { kind: 'replace', page })).toEqual(page);
  });
});

describe('create', () => {
  it('puts the record first and adds one to total', () => {
    const change = createChange({}, { _id: 'c', name: 'Gamma' });
    expect(applyCacheChange(list, change!)).toEqual({ data: [{ _id: 'c', name: 'Gamma' }, ...list.data], total: 3 });
  });
  it('appends at the end for modules that say so (roles, field-engineer activity)', () => {
    const change = createChange({ insertAt: 'end' }, { _id: 'c', name: 'Gamma' });
    expect(applyCacheChange(list, change!).data.map((record) => record._id)).toEqual(['a', 'b', 'c']);
  });
  it('merges a record the list already holds instead of showing it twice', () => {
    const change = createChange({}, { _id: 'b', name: 'Beta 2' });
    expect(applyCacheChange(list, change!)).toEqual({ data: [list.data[0], { _id: 'b', name: 'Beta 2', status: 'Active' }], total: 2 });
  });
  it('ignores a reply that is not a record', () => {
    expect(createChange({}, { message: 'ok' })).toBeNull();
  });
  it('works on an empty list', () => {
    expect(applyCacheChange(EMPTY_LIST, createChange({}, { _id: 'c' })!)).toEqual({ data: [{ _id: 'c' }], total: 1 });
  });
});

describe('update', () => {
  it('merges the reply into the record with the same _id', () => {
    const change = updateChange('b', { _id: 'b', name: 'Beta 2' });
    expect(applyCacheChange(list, change!)).toEqual({ data: [list.data[0], { _id: 'b', name: 'Beta 2', status: 'Active' }], total: 2 });
  });
  it('uses the requested id when the reply has none', () => {
    const change = updateChange('a', { name: 'Alpha 2' });
    expect(applyCacheChange(list, change!).data[0]).toEqual({ _id: 'a', name: 'Alpha 2', status: 'Active' });
  });
  it('leaves the list alone when the record is not cached', () => {
    expect(applyCacheChange(list, updateChange('q', { _id: 'q', name: 'Q' })!)).toEqual(list);
  });
  it("keeps a row's names only while their fields hold what they named, unless the reply brings its own", () => {
    const named: CachedList = { data: [{ _id: 't', clientId: 'c1', assignedTo: 'u1', names: { clientId: 'Kalyani Forge', assignedTo: 'Ravi' } }], total: 1 };
    // A new client, and the reply (a plain update) names nothing: the old client's name goes, the engineer's stays.
    expect(applyCacheChange(named, updateChange('t', { _id: 't', clientId: 'c2', assignedTo: 'u1', title: 'x' })!).data[0]).toEqual({
      _id: 't',
      clientId: 'c2',
      assignedTo: 'u1',
      title: 'x',
      names: { assignedTo: 'Ravi' },
    });
    // A reply with names of its own (a lifecycle step's record) is taken as it is.
    expect(applyCacheChange(named, updateChange('t', { _id: 't', clientId: 'c2', names: { clientId: 'Sunrise Textiles' } })!).data[0]?.names).toEqual({ clientId: 'Sunrise Textiles' });
  });
});

describe('delete', () => {
  it('removes by the requested id', () => {
    expect(applyCacheChange(list, removeChange({}, 'a', { message: 'Deleted' }))).toEqual({ data: [list.data[1]], total: 1 });
  });
  it('takes the id from data for modules that carry it there (machine instance)', () => {
    expect(removeChange({ deleteIdInData: true }, 'requested', { data: 'b' })).toEqual({ kind: 'remove', id: 'b' });
    expect(removeChange({ deleteIdInData: true }, 'requested', { data: { _id: 'b' } })).toEqual({ kind: 'remove', id: 'b' });
    expect(applyCacheChange(list, removeChange({ deleteIdInData: true }, 'a', { data: { _id: 'b' } })).data).toEqual([list.data[0]]);
  });
  it('falls back to the requested id when data holds none', () => {
    expect(removeChange({ deleteIdInData: true }, 'a', { message: 'Deleted' })).toEqual({ kind: 'remove', id: 'a' });
  });
  it('changes nothing for an id the list does not hold', () => {
    expect(applyCacheChange(list, { kind: 'remove', id: 'q' })).toBe(list);
  });
});

describe('lead rules', () => {
  const leads: CachedList = {
    data: [
      { _id: 'l1', leadStage: 'New', notes: [{ _id: 'n1', noteId: 'n1' }, { _id: 'n2', noteId: 'n2' }, { noteId: 'n3' }] },
      { _id: 'l2', leadStage: 'New', notes: [{ _id: 'n1', noteId: 'n1' }] },
    ],
    total: 2,
  };
  it('a stage change sets leadStage and leadStatusReason on that lead only', () => {
    const change = callChange({ cache: 'lead-stage' }, { params: { id: 'l1' }, body: { leadStage: 'Lost', leadStatusReason: 'Budget' } }, {});
    const next = applyCacheChange(leads, change!);
    expect(next.data[0]).toMatchObject({ leadStage: 'Lost', leadStatusReason: 'Budget' });
    expect(next.data[1]).toEqual(leads.data[1]);
  });
  it("deleting a note removes it from that lead's notes only, by _id or noteId", () => {
    const first = applyCacheChange(leads, callChange({ cache: 'lead-note-removed' }, { params: { leadId: 'l1', noteId: 'n1' } }, {})!);
    expect(first.data[0].notes).toEqual([{ _id: 'n2', noteId: 'n2' }, { noteId: 'n3' }]);
    expect(first.data[1]).toEqual(leads.data[1]);
    const second = applyCacheChange(first, callChange({ cache: 'lead-note-removed' }, { params: { leadId: 'l1', noteId: 'n3' } }, {})!);
    expect(second.data[0].notes).toEqual([{ _id: 'n2', noteId: 'n2' }]);
  });
});

describe('extra calls', () => {
  it('merge: the reply record, or the body under the path id', () => {
    expect(callChange({ cache: 'merge' }, { params: { id: 'a' } }, { _id: 'a', name: 'A2' })).toEqual({ kind: 'merge', record: { _id: 'a', name: 'A2' } });
    expect(callChange({ cache: 'merge' }, { params: { id: 'a' }, body: { status: 'Closed' } }, { message: 'ok' })).toEqual({
      kind: 'merge',
      record: { _id: 'a', status: 'Closed' },
    });
  });
  describe('merge-or-insert (a call that creates or updates: draftProposal)', () => {
    const draft = (args: Parameters<typeof callChange>[1], output: unknown) => callChange({ cache: 'merge-or-insert' }, args, output);
    it('Create: a record not cached goes first and total rises by one', () => {
      const next = applyCacheChange(list, draft({ body: { name: 'Gamma' } }, { _id: 'c', name: 'Gamma', status: 'Draft' })!);
      expect(next).toEqual({ data: [{ _id: 'c', name: 'Gamma', status: 'Draft' }, ...list.data], total: 3 });
    });
    it('Create: works on an empty list', () => {
      expect(applyCacheChange(EMPTY_LIST, draft({}, { _id: 'c', status: 'Draft' })!)).toEqual({ data: [{ _id: 'c', status: 'Draft' }], total: 1 });
    });
    it('Update: the cached record with the same _id is merged in place, total unchanged', () => {
      const next = applyCacheChange(list, draft({ body: { id: 'b' } }, { _id: 'b', status: 'Draft' })!);
      expect(next).toEqual({ data: [list.data[0], { _id: 'b', name: 'Beta', status: 'Draft' }], total: 2 });
    });
    it('a reply that is no record merges the body under the path id, and is ignored without one', () => {
      expect(draft({ params: { id: 'a' }, body: { status: 'Draft' } }, { message: 'ok' })).toEqual({ kind: 'merge', record: { _id: 'a', status: 'Draft' } });
      expect(draft({ body: { status: 'Draft' } }, { message: 'ok' })).toBeNull();
    });
  });
  it('replace-list: only a list reply replaces the list', () => {
    expect(callChange({ cache: 'replace-list' }, {}, { data: [], total: 0 })).toEqual({ kind: 'replace', page: { data: [], total: 0 } });
    expect(callChange({ cache: 'replace-list' }, {}, [{ _id: 'a' }])).toBeNull();
  });
  it('remove: by the path id or the reply _id', () => {
    expect(callChange({ cache: 'remove' }, { params: { id: 'a' } }, null)).toEqual({ kind: 'remove', id: 'a' });
    expect(callChange({ cache: 'remove' }, {}, { _id: 'b' })).toEqual({ kind: 'remove', id: 'b' });
  });
  it('none or absent: no change', () => {
    expect(callChange({ cache: 'none' }, {}, { _id: 'a' })).toBeNull();
    expect(callChange({}, {}, { _id: 'a' })).toBeNull();
  });
});
