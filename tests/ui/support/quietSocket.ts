/** The session's socket with nothing to connect to: jsdom has no server. */
import { fromCallback } from 'xstate';
import type { SocketInput } from '../../../src/machines/session';

export const quietSocket = fromCallback<{ type: 'socket.noop' }, SocketInput>(() => () => undefined);
