/**
 * Calls any signed-in user makes about themselves: their permissions, their subscriber's side menu,
 * their saved signature, and crash reports from their browser.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { subscriberUser } from '../../src/contract/modules/admin';
import { openableMenu } from '../../src/contract/screenAccess';
import { accountEndpoints as endpoints } from '../../src/contract/authShapes';
import type { EndpointAnswer } from '../../src/contract/endpoints';
import { permissionEntries, type SessionUser } from '../auth/sessions';
import { insertUiError } from '../db/account-store';
import { roleNames } from '../db/permission-store';
import type { Db } from '../db/pool';
import { repo } from '../db/repository';
import { readSideMenu } from '../db/tenant-catalogue-store';
import { sortMenu, type MenuItem } from '../domain/admin/side-menu';
import type { RealtimeHub } from '../realtime/hub';
import { currentUser } from './access';
import { plainJson } from './plain-json';
import { badRequest, notFound } from './errors';
import { refusal } from '../../src/contract/refusalMessages';

export interface AccountDeps {
  db: Db;
  hub: RealtimeHub;
}

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_SIGNATURE_BYTES = 512 * 1024;

/** The client sends the data URL itself or JSON.stringify of it ("parsed" in document 2 §7). */
export function signatureDataUrl(raw: string): string {
  let value = raw.trim();
  if (value.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === 'string') value = parsed;
    } catch {
      throw badRequest('esgin', refusal('signatureNotJson'));
    }
  }
  const match = PNG_DATA_URL.exec(value);
  if (!match?.[1]) throw badRequest('esgin', refusal('signatureNotDataUrl'));
  const bytes = Buffer.from(match[1], 'base64');
  if (bytes.length < PNG_SIGNATURE.length || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw badRequest('esgin', refusal('signatureNotPng'));
  if (bytes.length > MAX_SIGNATURE_BYTES) throw badRequest('esgin', refusal('signatureTooLarge'));
  return value;
}

/** The subscriber's side menu as far as `user` may open it, sorted by order: getSideMenu's answer. */
export async function sideMenuOf(db: Db, user: SessionUser): Promise<MenuItem[]> {
  const menu = (await readSideMenu<MenuItem>(db, user.tenantId)) ?? [];
  // Only what this person may open, by the route guard's rule (issue 34): no entry that opens on "Not available".
  const access = { permissions: permissionEntries(user.permissions), roles: await roleNames(db, user.tenantId, user.roleIds) };
  return sortMenu(openableMenu(menu, access));
}

/** What the handler of an account call answers: its reply schema's input (src/contract/authShapes.ts). */
type Answer<K extends keyof typeof endpoints> = Promise<EndpointAnswer<(typeof endpoints)[K]>>;

export async function accountRoutes(app: FastifyInstance, deps: AccountDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, hub } = deps;
  const signedIn = { access: { kind: 'signed-in' as const } };

  api.get(endpoints.permissions.path, { config: signedIn, serializerCompiler: plainJson, schema: { response: { '2xx': endpoints.permissions.reply }, tags: ['admin'], summary: "The signed-in user's permission entries" } }, async (request): Answer<'permissions'> =>
    permissionEntries(currentUser(request).permissions),
  );

  api.get(endpoints.sideMenu.path, { config: signedIn, serializerCompiler: plainJson, schema: { response: { '2xx': endpoints.sideMenu.reply }, tags: ['admin'], summary: "The subscriber's side menu as far as the signed-in user may open it, sorted by order" } }, async (request): Answer<'sideMenu'> =>
    sideMenuOf(db, currentUser(request)),
  );

  api.post(
    endpoints.addSignature.path,
    {
      config: signedIn,
      bodyLimit: 2 * 1024 * 1024,
      serializerCompiler: plainJson,
      schema: { body: endpoints.addSignature.body, response: { '2xx': endpoints.addSignature.reply }, tags: ['admin'], summary: "Save the signed-in user's signature (PNG data URL)" },
    },
    async (request): Answer<'addSignature'> => {
      const user = currentUser(request);
      const eSign = signatureDataUrl(request.body.esgin);
      const record = await repo(db, subscriberUser, user.tenantId).update(user._id, { eSign });
      if (!record) throw notFound(refusal('noUserRecord'));
      hub.recordChanged(user.tenantId, { module: subscriberUser.name, op: 'update', _id: user._id });
      return record;
    },
  );

  api.post(
    endpoints.uiError.path,
    {
      config: signedIn,
      serializerCompiler: plainJson,
      schema: { body: endpoints.uiError.body, response: { '2xx': endpoints.uiError.reply }, tags: ['admin'], summary: 'Store a crash report from the browser' },
    },
    async (request, reply): Answer<'uiError'> => {
      const user = currentUser(request);
      const { message, componentStack, url } = request.body;
      await insertUiError(db, {
        tenantId: user.tenantId,
        userId: user._id,
        message,
        componentStack: componentStack ?? null,
        url: url ?? request.headers.referer ?? null,
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
      });
      reply.code(201);
      return { message: 'Error reported' };
    },
  );
}
