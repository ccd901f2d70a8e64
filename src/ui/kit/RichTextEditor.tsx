/**
 * The product's rich-text editor (spec document 1 §2 "Other screen elements"): @mantine/tiptap on
 * Tiptap's StarterKit with links, 400px high, with a toolbar that a caller can hide (read-only terms,
 * notes shown as formatted text). The value is HTML; the server sanitises it on write and pages render
 * it with DOMPurify.
 */
// The editor's styles load with it, on the screens that edit rich text, not with every page.
import '@mantine/tiptap/styles.css';
import { RichTextEditor as MantineRichTextEditor, Link } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

export const RICH_TEXT_HEIGHT = 400;

export interface RichTextEditorProps {
  /** Initial HTML. The editor owns the text afterwards; remount it (key) to load another document. */
  value?: string;
  onChange?: (html: string) => void;
  hideToolbar?: boolean;
  readOnly?: boolean;
  /** Accessible name of the editable area. */
  label?: string;
}

export function RichTextEditor({ value = '', onChange, hideToolbar = false, readOnly = false, label }: RichTextEditorProps) {
  const editor = useEditor({
    // StarterKit 3 bundles a Link extension; Mantine's Link (which adds the link control's behaviour) replaces it.
    extensions: [StarterKit.configure({ link: false }), Link],
    content: value,
    editable: !readOnly,
    editorProps: { attributes: label ? { 'aria-label': label } : {} },
    onUpdate: ({ editor: e }) => onChange?.(e.getHTML()),
  });

  return (
    <MantineRichTextEditor editor={editor} data-testid="rich-text-editor">
      {!hideToolbar && !readOnly && (
        <MantineRichTextEditor.Toolbar sticky stickyOffset={0}>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Bold />
            <MantineRichTextEditor.Italic />
            <MantineRichTextEditor.Underline />
            <MantineRichTextEditor.Strikethrough />
            <MantineRichTextEditor.ClearFormatting />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.H1 />
            <MantineRichTextEditor.H2 />
            <MantineRichTextEditor.H3 />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Blockquote />
            <MantineRichTextEditor.Hr />
            <MantineRichTextEditor.BulletList />
            <MantineRichTextEditor.OrderedList />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Link />
            <MantineRichTextEditor.Unlink />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Undo />
            <MantineRichTextEditor.Redo />
          </MantineRichTextEditor.ControlsGroup>
        </MantineRichTextEditor.Toolbar>
      )}
      <MantineRichTextEditor.Content style={{ height: RICH_TEXT_HEIGHT, overflowY: 'auto' }} />
    </MantineRichTextEditor>
  );
}
