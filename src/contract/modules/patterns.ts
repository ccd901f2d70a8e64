/**
 * Text patterns of the catalogue that pages outside it also check (the public subscriber details form).
 * Kept apart from the module files, which carry zod, so those pages validate without loading the catalogue.
 */

/** Indian GSTIN: 2 digits, 5 capitals, 4 digits, 1 letter, 1 of 1-9/A-Z, Z, 1 alphanumeric (document 1 §5). */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z]{1}[1-9A-Z]{1}Z[0-9A-Z]{1}$/;
