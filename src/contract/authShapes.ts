/**
 * The session's calls (document 2 §7): sign-in, sign-out, changing one's password, the signed-in person's
 * permission entries, side menu and signature, a subscriber's header images, and the browser's crash reports. Declared once (src/contract/endpoints.ts): the server mounts them from here
 * (server/http/auth-routes.ts, server/http/account-routes.ts), the tests parse their answers with `reply`, and the
 * client reads their types with `import type` only (src/api/account.ts is in the entry every page loads, and the
 * sign-in page must load no zod).
 */
import { z } from 'zod';
import { defineEndpoints } from './endpoints';
import { storedRecord } from './modules/replies';
import { says } from './validationMessages';

/** The `user` of the sign-in answer. */
export const sessionUser = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.object({ name: z.string() })),
  userType: z.string(),
  subscriberId: z.string(),
  client: z.object({ _id: z.string(), companyName: z.string() }).optional(),
  /** The saved signature, a PNG data URL. */
  eSign: z.string().optional(),
});

/** One entry of the subscriber's side menu; a group (no path) carries its entries in `children`. */
export const sideMenuItem = z.object({
  _id: z.string(),
  title: z.string(),
  /** A @tabler/icons-react component name. */
  icon: z.string(),
  /** Client route, or null for a group. */
  path: z.string().nullable(),
  order: z.number(),
  /** Feature (screen code) needed to see the entry; absent for open routes and groups. */
  code: z.string().optional(),
  get children() {
    return z.array(sideMenuItem);
  },
});

export const headerImage = z.object({ url: z.string(), name: z.string() });

/** `{ message }`: what a call that only confirms answers. */
const confirmation = z.strictObject({ message: z.string() });

/**
 * The signed-in user and a side-menu entry as the client holds them. Named here, below src/api, so that the
 * stored session (src/api/storage.ts) and the session calls (src/api/account.ts) share them without importing
 * each other (that was an import cycle: account → http → storage → account).
 */
export type SessionUser = z.output<typeof sessionUser>;
export type SideMenuItem = z.output<typeof sideMenuItem>;

export const permissionEntry = z.object({ screenCode: z.string(), privileges: z.array(z.object({ code: z.string() })) });

export const authEndpoints = defineEndpoints({
  /** Sign in: a session token, the person and their subscriber's timezone. */
  login: {
    method: 'POST',
    path: '/api/auth/login',
    body: z.object({
      email: z.email(says('notValid', { label: 'Email' })).transform((e) => e.trim().toLowerCase()),
      password: z.string({ error: says('required', { label: 'Password' }) }).min(1, says('required', { label: 'Password' })),
    }),
    reply: z.object({ token: z.string(), user: sessionUser, timezone: z.string() }),
  },
  /** Sign out: revokes the session's token. */
  logout: {
    method: 'POST',
    path: '/api/auth/logout',
    reply: confirmation,
  },
  /** Change one's own password (`_id`, when sent, must be one's own); revokes one's other sessions. */
  changePassword: {
    method: 'PUT',
    path: '/api/auth/changePassword',
    body: z.object({
      oldPassword: z.string({ error: says('currentPassword') }).min(1, says('currentPassword')),
      newPassword: z.string({ error: says('required', { label: 'New password' }) }).min(1, says('required', { label: 'New password' })),
      _id: z.string().optional(),
    }),
    reply: confirmation,
  },
  /** A subscriber's name and header images (logo); public. */
  headerImages: {
    method: 'GET',
    path: '/api/auth/getHeaderImages/:id',
    params: z.object({ id: z.string().min(1) }),
    reply: z.object({ _id: z.string(), companyName: z.string(), headerImages: z.array(headerImage) }),
  },
});

export const accountEndpoints = defineEndpoints({
  /** The signed-in person's permission entries. */
  permissions: {
    method: 'GET',
    path: '/api/app/subscriber-user/getPermissions',
    reply: z.array(permissionEntry),
  },
  /** The subscriber's side menu, sorted by order. */
  sideMenu: {
    method: 'GET',
    path: '/api/app/subscriber-user/getSideMenu',
    reply: z.array(sideMenuItem),
  },
  /**
   * Save one's signature: a PNG data URL, or JSON.stringify of it, in `esgin` (the spec's spelling). Answers one's
   * user record with it.
   */
  addSignature: {
    method: 'POST',
    path: '/api/app/subscriber-user/addSignature',
    body: z.object({ esgin: z.string().min(1, says('required', { label: 'Signature' })) }),
    reply: storedRecord,
  },
  /** A crash report from the browser (document 1 §8), stored for the support team. */
  uiError: {
    method: 'POST',
    path: '/api/app/uierror',
    body: z.object({
      message: z.string().min(1, says('required', { label: 'Message' })).max(10_000),
      componentStack: z.string().max(50_000).optional(),
      url: z.string().max(2_000).optional(),
    }),
    reply: confirmation,
  },
});
