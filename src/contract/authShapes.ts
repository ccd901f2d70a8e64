/**
 * The session's calls (document 2 §7): sign-in, the signed-in person's permission entries and side menu, and a
 * subscriber's header images. Declared once (src/contract/endpoints.ts): the server mounts them from here
 * (server/http/auth-routes.ts, server/http/account-routes.ts), the tests parse their answers with `reply`, and the
 * client reads their types with `import type` only (src/api/account.ts is in the entry every page loads, and the
 * sign-in page must load no zod).
 */
import { z } from 'zod';
import { defineEndpoints } from './endpoints';

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
      email: z.email('Email is not valid').transform((e) => e.trim().toLowerCase()),
      password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
    }),
    reply: z.object({ token: z.string(), user: sessionUser, timezone: z.string() }),
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
});
