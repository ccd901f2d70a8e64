/**
 * The words a step takes (issue 39): the fields it requires or keeps that a person types (a rejection's reason,
 * an approval's remarks), never a person or record chosen from a list (a reference), a reason picked from a short
 * list (its choices) or a drawn signature. A step with words of its own asks for nothing else: those words are its
 * note in the history, so its dialog has no separate "Note" box. A step without them (a bare confirmation) keeps one.
 */
import type { LifecycleEventSpec } from './definition';

/** `references`: the module's reference fields (field → module), as the catalogue names them. */
export function stepWordFields(spec: LifecycleEventSpec, references: Readonly<Record<string, string>>): string[] {
  const fields = [...Object.keys(spec.requires ?? {}), ...(spec.keeps ?? []).filter((field) => !(field in (spec.requires ?? {})))];
  return fields.filter((field) => !(field in references) && !spec.choices?.[field] && !spec.signatures?.includes(field));
}
