/**
 * The catalogue's words (issue 34): its modules' titles, the route views' titles, its fields' labels and the
 * choices of its enum fields. English is not written here: it is generated from the catalogue itself
 * (src/ui/screens/module/catalogueEnglish.ts, written to ./en.generated.ts by `npm run words:catalogue`; a test fails
 * when that file is stale), and the dictionaries' parity test names the key the other languages still lack.
 *
 * Keys come from the catalogue's names: `module.<module name>` (and its forms' titles, `newRecord.<module name>` and
 * `editRecord.<module name>`, whole titles since French agrees them with the record's gender), `view.<route>`,
 * `field.<field name>` (one label per field name, shared by every module: `status` reads the same everywhere), `fieldOf.<module>.<field>` where a module
 * labels a field otherwise (its `.meta({ title })`), and `choice.<value>` with every run of characters other than
 * letters and digits as one `_` ('In Progress' → `In_Progress`), shared by every field that offers that value, and
 * `message.<key>` likewise for the modules' failure messages (document 2 §8: "Failed to get list of users"), which the
 * notices show when the server sent none (src/machines/resource.ts); fr, zh and ja hold those in messages.<locale>.ts.
 */
import { wordKey } from '../../contract/words';

export interface CatalogueTexts {
  module: Record<string, string>;
  /** A module's form titles, for a new record and for one being changed ("New proposal", "Edit proposal"). */
  newRecord: Record<string, string>;
  editRecord: Record<string, string>;
  view: Record<string, string>;
  field: Record<string, string>;
  fieldOf: Record<string, Record<string, string>>;
  choice: Record<string, string>;
  message: Record<string, string>;
}

/** The key of a choice's (or a message's) words: 'Sent(Draft)' → 'Sent_Draft', 'Yes/No' → 'Yes_No'. */
export const choiceKey = wordKey;
