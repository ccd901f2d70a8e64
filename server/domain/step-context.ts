/**
 * What a lifecycle step needs of whoever takes it (server/domain/lifecycle.ts and the modules' step effects).
 * A signed-in person's call context is one. The customer on a public link and the server's scheduler are not
 * signed in: `partyContext` gives them one, with an identity that holds no privilege, so nothing but the
 * machine's own guards for that kind of caller lets them through.
 */
import type { LifecycleCaller } from '../../src/machines/lifecycles/index';
import type { ModuleDef } from '../../src/contract/modules/define';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/pool';
import type { RealtimeHub } from '../realtime/hub';
import { todayInIndia } from './records';
import type { CallContext } from './call-context';

export type StepContext = Pick<CallContext, 'db' | 'tenantId' | 'user' | 'def' | 'scopes' | 'hub' | 'einvoice' | 'notify'> & {
  /** Who the machine sees when it is not the signed-in person: a public link's customer, or the scheduler. */
  caller?: LifecycleCaller;
};

export interface Party {
  db: Db;
  hub: RealtimeHub;
  def: ModuleDef;
  tenantId: string;
  caller: LifecycleCaller;
}

/** A step context for a party that is not signed in (see above); its writes are announced to the record's tenant. */
export function partyContext({ db, hub, def, tenantId, caller }: Party): StepContext {
  const user: SessionUser = {
    _id: caller.id,
    tenantId,
    name: caller.name,
    email: '',
    userType: caller.kind,
    roleIds: [],
    isOperator: false,
    tokenHash: '',
    permissions: new Map(),
  };
  return {
    db,
    tenantId,
    user,
    def,
    hub,
    caller,
    notify: (op, id, before) => hub.recordChanged(tenantId, { module: def.name, op, _id: id, ...(before ? { before } : {}) }),
  };
}

/** The customer who opened a public link: the history names them so (there is no account behind a link). */
export function customerOnLink(name = 'Customer (public link)'): LifecycleCaller {
  return { kind: 'customer', id: 'public-link', name, permissions: {}, today: todayInIndia() };
}

/** The server's scheduler, on today's date in India. */
export function schedulerCaller(today = todayInIndia()): LifecycleCaller {
  return { kind: 'scheduler', id: 'scheduler', name: 'Scheduler', permissions: {}, today };
}
