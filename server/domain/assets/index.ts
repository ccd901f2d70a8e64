/** The asset modules' handlers (uploaded files, fire extinguishers), composed in ../handlers.ts. */
import type { AreaHandlers } from '../call-context';
import { fireExtinguisherHandlers } from './extinguishers';
import { fileUploadHandlers } from './files';

export const assetHandlers = {
  'file-upload': fileUploadHandlers,
  'fire-extinguisher': fireExtinguisherHandlers,
} satisfies AreaHandlers<'file-upload' | 'fire-extinguisher'>;
