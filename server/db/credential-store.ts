/**
 * The credentials table (email, password hash) read at sign-in and on a password change: the SQL behind
 * server/http/auth-routes.ts, kept in the data layer.
 */
import { subscriber, subscriberUser } from '../../src/contract/modules/admin';
import { tableName } from '../../src/contract/modules/define';
import type { Queryable } from './pool';

/** The person signing in: their credentials, user record and tenant record (null when the tenant row is gone). */
export interface LoginRow {
  user_id: string;
  subscriber_id: string;
  password_hash: string;
  body: Record<string, unknown>;
  subscriber: Record<string, unknown> | null;
}

/** Credentials by email (the caller lower-cases it: the match is on lower(email)), joined to user and tenant. */
export async function findLogin(db: Queryable, email: string): Promise<LoginRow | undefined> {
  const { rows } = await db.query<LoginRow>(
    `select c.user_id, c.subscriber_id, c.password_hash, u.body, s.body as subscriber
       from credentials c
       join ${tableName(subscriberUser)} u on u._id = c.user_id and u.subscriber_id = c.subscriber_id
       left join ${tableName(subscriber)} s on s._id = c.subscriber_id
       where lower(c.email) = $1`,
    [email],
  );
  return rows[0];
}

/** The user's stored password hash, or undefined when they have no credentials. */
export async function readPasswordHash(db: Queryable, userId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ password_hash: string }>('select password_hash from credentials where user_id = $1', [userId]);
  return rows[0]?.password_hash;
}

/** Stores a new password hash and stamps when it changed. */
export async function writePasswordHash(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  await db.query('update credentials set password_hash = $2, password_changed_at = now() where user_id = $1', [userId, passwordHash]);
}

/** A new user's credentials; a taken e-mail fails on credentials_email_key (the caller maps it to a duplicate). */
export async function insertCredentials(db: Queryable, userId: string, tenantId: string, email: unknown, passwordHash: string): Promise<void> {
  await db.query('insert into credentials (user_id, subscriber_id, email, password_hash) values ($1, $2, $3, $4)', [userId, tenantId, email, passwordHash]);
}

/** Changes the sign-in e-mail (same unique constraint as insertCredentials). */
export async function writeCredentialEmail(db: Queryable, userId: string, email: string): Promise<void> {
  await db.query('update credentials set email = $2 where user_id = $1', [userId, email]);
}

export async function deleteCredentials(db: Queryable, userId: string): Promise<void> {
  await db.query('delete from credentials where user_id = $1', [userId]);
}
