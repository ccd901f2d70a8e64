/**
 * Initials of a person's name for avatars (spec document 1 §9): the first letters of the first and the
 * last words, upper-cased. One word gives one letter; an empty name gives an empty string.
 */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0].charAt(0);
  const last = words.length > 1 ? words[words.length - 1].charAt(0) : '';
  return (first + last).toUpperCase();
}
