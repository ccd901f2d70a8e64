/**
 * Signature pad (spec document 1 §2): draw with pen colour #17bcff, "Clear Signature" and "Add Signature"
 * (the spec's words, in English; from the dictionaries in the other languages); preloads the saved signature (eSign); hands a PNG data URL to `onSave`.
 * A pad inside a form that sends the signature with something else (a ticket's resolve step) takes the drawing as
 * it is drawn instead: `onDraw` gets the whole pad after every stroke and `onClear` its clearing, and there is no
 * "Add Signature" to forget (issue 31 item 7).
 */
import { Box, Button, Group, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import SignatureCanvasImport from 'react-signature-canvas';
import { useT } from '../../i18n';

// The package is a UMD bundle with `__esModule` and `default`: Vite's dev server and Vitest unwrap it,
// the production build hands over the module object. Take the class either way.
const SignatureCanvas: typeof SignatureCanvasImport =
  (SignatureCanvasImport as unknown as { default?: typeof SignatureCanvasImport }).default ?? SignatureCanvasImport;
type SignatureCanvas = SignatureCanvasImport;

export const PEN_COLOR = '#17bcff';

export type SignaturePadProps = {
  /** The saved signature (a data URL) drawn on the pad when it opens. */
  initial?: string | null;
  saving?: boolean;
  width?: number;
  height?: number;
  label?: string;
} & (
  | { onSave: (pngDataUrl: string) => void; onDraw?: never; onClear?: never }
  | { onSave?: never; onDraw: (pngDataUrl: string) => void; onClear: () => void }
);

export function SignaturePad({ initial, onSave, onDraw, onClear, saving = false, width = 460, height = 200, label }: SignaturePadProps) {
  const t = useT();
  const pad = useRef<SignatureCanvas>(null);
  const [empty, setEmpty] = useState(!initial);

  // Drawing the saved image is a one-off imperative paint of the canvas, not React state.
  useEffect(() => {
    if (initial && pad.current) void pad.current.fromDataURL(initial, { width, height });
  }, [initial, width, height]);

  const clear = () => {
    pad.current?.clear();
    setEmpty(true);
    onClear?.();
  };
  const save = () => {
    if (!pad.current || pad.current.isEmpty()) return;
    onSave?.(pad.current.toDataURL('image/png'));
  };
  const strokeEnded = () => {
    setEmpty(false);
    if (onDraw && pad.current && !pad.current.isEmpty()) onDraw(pad.current.toDataURL('image/png'));
  };

  return (
    <Stack gap="sm">
      <Box style={{ border: '1px dashed var(--mantine-color-gray-5)', borderRadius: 8, background: '#fff', width: 'fit-content', maxWidth: '100%' }}>
        <SignatureCanvas
          ref={pad}
          penColor={PEN_COLOR}
          onEnd={strokeEnded}
          canvasProps={{ width, height, 'aria-label': label ?? t('signature.title'), role: 'img', style: { display: 'block', maxWidth: '100%', touchAction: 'none' } }}
        />
      </Box>
      <Group justify="flex-end">
        <Button variant="default" onClick={clear} disabled={saving}>
          {t('signature.clear')}
        </Button>
        {onSave && (
          <Button onClick={save} loading={saving} disabled={empty}>
            {t('signature.add')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
