/** The shape of one entry of the lifecycle index (./index.ts). */
import type { AnyStateMachine } from 'xstate';
import type { RecordRules } from './recordRules';

export interface LifecycleEventSpec {
  /** The button's words (English; the screens' dictionaries key them as `lifecycle.<module>.<event>`). */
  label: string;
  /** Event data a person must give, with the message when it is missing (a 400 naming the field). */
  requires?: Readonly<Record<string, string>>;
  /** Event data the step keeps on the record when given. */
  keeps?: readonly string[];
  /** Who and when, stamped by the server (never taken from a body). */
  stamps?: { by: string; at: string };
  /** Fields of the step's data chosen from a short list (a portal's reason codes), value and words. */
  choices?: Readonly<Record<string, ReadonlyArray<{ value: string; label: string }>>>;
  /** Kept data captured on a signature pad (a PNG data URL), never typed: the customer's signature on resolving. */
  signatures?: readonly string[];
  /** Offered on the module's list rows too, where people expect to take it without opening the record (approve, reject…). */
  inList?: true;
  /** Offered for every shown record that allows it at once, through the module's `updateList` call { ids, status }. */
  bulk?: true;
  /** A final or destructive step: screens ask before sending it. */
  confirm?: boolean;
  /** The spec call that sends this event, when there is one (else PATCH {path}/transition/{id}). */
  call?: string;
  /**
   * Who sends it when it is not a member of staff: the customer on a public link (the public page's call sends
   * it) or the server's scheduler. Staff screens never offer it; tests send it the way its sender does.
   */
  sender?: 'customer' | 'scheduler';
  /**
   * Taken only through its `call`, whose reply is more than the record (the link to send): the transition route
   * refuses it, and the screen's own button for that call takes its place.
   */
  onlyByCall?: true;
}

export interface Lifecycle {
  /** Catalogue module name. */
  module: string;
  /** What a person calls one record ("Credit note"), for messages. */
  noun: string;
  /** The field that holds the state: `status`, or a lead's `leadStage`. */
  statusField: string;
  machine: AnyStateMachine;
  events: Readonly<Record<string, LifecycleEventSpec>>;
  /**
   * States a new record may be created in, when more than the machine's initial one (a credit note may be saved
   * as a Draft before it is submitted). The initial state comes first; a create naming no status takes it.
   */
  startStates?: readonly string[];
  /**
   * Which fields a record's forms show (issue 39 item 1). A step's data (its `requires`, `keeps` and `signatures`) is
   * asked for in that step's dialog only, never in the record's New or Edit form, except `createWith`: step data a
   * new record may be given too (a ticket raised with its engineer starts Assigned; reassigning is an edit). `later`:
   * fields of the work after the record exists that no step asks for (a ticket's labour hours), on its Edit form and
   * never on its New one.
   */
  createWith?: readonly string[];
  later?: readonly string[];
  /** What may be edited in each state and by whom, and where a record may be deleted (./recordRules.ts). */
  records: RecordRules;
  /** Who passes each of the machine's guards, in words (the README's lifecycle tables print them). */
  guards: Readonly<Record<string, string>>;
}
