/**
 * Access through module views (catalogue `moduleViews`): holding a view's code grants the module's calls
 * only over the records the view shows, applied by the server. The demo engineer holds
 * TICKET_ASSIGNED_TO_ME / MY_OPEN_CALLS (views of the ticket module), the client user CLIENT_TICKET.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleNamed, moduleViews } from '../../src/contract/modules/index';
import { sampleBody } from '../helpers/sample-body';
import { testDb, type ApiBody, type SignedIn, type TestDb } from '../helpers/test-db';

const BASE = '/api/app/ticket';
const ticket = moduleNamed('ticket');

let t: TestDb;
let admin: SignedIn;
let engineer: SignedIn;
let mine: ApiBody;
let theirs: ApiBody;

beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
  engineer = await t.signIn('engineer@demo.local');
  mine = (await t.call(admin, 'POST', BASE, { ...sampleBody(ticket), title: 'Spindle vibration on VMC-2', assignedTo: engineer.user._id })).body;
  theirs = (await t.call(admin, 'POST', BASE, { ...sampleBody(ticket), title: 'Chiller alarm, plant 2' })).body;
  expect(mine._id && theirs._id).toBeTruthy();
});
afterAll(() => t.close());

describe('a view grants the module only over its own records', () => {
  it('the catalogue declares the views the demo roles rely on', () => {
    const codes = moduleViews.filter((v) => v.module === 'ticket').map((v) => v.code);
    expect(codes).toEqual(expect.arrayContaining(['TICKET_ASSIGNED_TO_ME', 'MY_OPEN_CALLS', 'CLIENT_TICKET']));
  });

  it('the engineer lists only the tickets assigned to them', async () => {
    const res = await t.call(engineer, 'GET', BASE);
    expect(res.status).toBe(200);
    const ids = (res.body.data ?? []).map((r) => r._id);
    expect(ids).toContain(mine._id);
    expect(ids).not.toContain(theirs._id);
    expect(res.body.total).toBe(ids.length);
    for (const r of res.body.data ?? []) expect(r.assignedTo).toBe(engineer.user._id);
  });

  it('the engineer reads and updates their ticket, not the others', async () => {
    expect((await t.call(engineer, 'GET', `${BASE}/getById/${mine._id}`)).status).toBe(200);
    expect((await t.call(engineer, 'GET', `${BASE}/getById/${theirs._id}`)).status).toBe(404);
    const update = await t.call(engineer, 'PUT', `${BASE}/${mine._id}`, { description: 'Bearing replaced; monitoring' });
    expect(update.status).toBe(200);
    expect(update.body.description).toBe('Bearing replaced; monitoring');
    expect((await t.call(engineer, 'PUT', `${BASE}/${theirs._id}`, { description: 'hijacked' })).status).toBe(404);
    expect((await t.call(admin, 'GET', `${BASE}/getById/${theirs._id}`)).body.description).not.toBe('hijacked');
  });

  it('the engineer cannot delete or create through views that grant neither', async () => {
    const del = await t.call(engineer, 'DELETE', `${BASE}/${mine._id}`);
    expect(del.status).toBe(403);
    expect(del.body.message).toBe('You do not have the privilege TICKET_LIST:DELETE');
    expect((await t.call(engineer, 'POST', BASE, sampleBody(ticket))).status).toBe(403);
  });

  it('a person reads their own user record (the shell reloads it after saving a signature), and nobody else’s', async () => {
    const saved = await t.call(engineer, 'POST', '/api/app/subscriber-user/addSignature', { esgin: 'data:image/png;base64,iVBORw0KGgo=' });
    expect(saved.status, JSON.stringify(saved.body)).toBeLessThan(300);
    const own = await t.call(engineer, 'GET', `/api/app/subscriber-user/getById/${engineer.user._id}`);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body).toMatchObject({ _id: engineer.user._id, email: 'engineer@demo.local' });
    const other = await t.call(engineer, 'GET', `/api/app/subscriber-user/getById/${admin.user._id}`);
    expect(other.status).toBe(403);
    expect((await t.call(engineer, 'GET', '/api/app/subscriber-user')).status).toBe(403);
  });

  it('a ticket the client user raises takes the view’s fixed values, so they see it afterwards', async () => {
    const client = await t.signIn('client@demo.local');
    const created = await t.call(client, 'POST', BASE, { ...sampleBody(ticket), title: 'Loom 14 stopped', source: 'Phone' });
    expect(created.status).toBe(201);
    const view = moduleViews.find((v) => v.code === 'CLIENT_TICKET');
    for (const [field, value] of Object.entries(view?.filter ?? {})) if (typeof value === 'string' && !value.startsWith('$')) expect(created.body[field]).toBe(value);
    const list = await t.call(client, 'GET', BASE);
    expect((list.body.data ?? []).map((r) => r._id)).toContain(created.body._id);
    expect((list.body.data ?? []).map((r) => r._id)).not.toContain(theirs._id);
  });
});
