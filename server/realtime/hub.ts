/**
 * In-process hub between the HTTP layer and the socket layer: routes announce writes and revoked
 * sessions here; the socket server (and tests) subscribe. Keeps buildApp free of socket.io.
 */
import type { TicketAssigned } from '../../src/contract/ticketShapes';

export type { TicketAssigned };

export interface RecordChanged {
  module: string;
  op: string;
  _id: string;
  /**
   * The record's body before the write, for the server alone: its former audience hears of the change too (a record
   * leaving a filtered view). Never sent to a socket (server/realtime/socket.ts sends module, op and _id).
   */
  before?: Readonly<Record<string, unknown>>;
}

export type HubMessage =
  | { type: 'record.changed'; tenantId: string; event: RecordChanged }
  | { type: 'ticket.assigned'; tenantId: string; event: TicketAssigned }
  | { type: 'sessions.revoked'; tokenHashes: string[] };

export interface RealtimeHub {
  recordChanged(tenantId: string, event: RecordChanged): void;
  ticketAssigned(tenantId: string, event: TicketAssigned): void;
  sessionsRevoked(tokenHashes: string[]): void;
  subscribe(listener: (message: HubMessage) => void): () => void;
}

export function createHub(): RealtimeHub {
  const listeners = new Set<(message: HubMessage) => void>();
  const publish = (message: HubMessage): void => {
    for (const listener of listeners) {
      try {
        listener(message);
      } catch {
        // A failing subscriber must not fail the write that has already been committed.
      }
    }
  };
  return {
    recordChanged: (tenantId, event) => publish({ type: 'record.changed', tenantId, event }),
    ticketAssigned: (tenantId, event) => publish({ type: 'ticket.assigned', tenantId, event }),
    sessionsRevoked: (tokenHashes) => {
      if (tokenHashes.length > 0) publish({ type: 'sessions.revoked', tokenHashes });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
