import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import Image from '@tiptap/extension-image';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextImageControl } from './RichTextImageControl.js';

interface RichTextFieldProps {
  label: string;
  description?: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  required?: boolean;
  testId: string;
  /**
   * An image button (upload, alternative text, insert). Off by default: only a form whose server attaches the images
   * of its rich text (so the clean-up keeps them) switches it on.
   */
  images?: boolean;
}

/** The toolbar's names for screen readers and tooltips, in the person's language. */
function useEditorLabels(): Partial<RichTextEditorLabels> {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      boldControlLabel: t('content.editor.bold'),
      italicControlLabel: t('content.editor.italic'),
      underlineControlLabel: t('content.editor.underline'),
      strikeControlLabel: t('content.editor.strike'),
      clearFormattingControlLabel: t('content.editor.clear_formatting'),
      h2ControlLabel: t('content.editor.h2'),
      h3ControlLabel: t('content.editor.h3'),
      bulletListControlLabel: t('content.editor.bullet_list'),
      orderedListControlLabel: t('content.editor.ordered_list'),
      blockquoteControlLabel: t('content.editor.blockquote'),
      linkControlLabel: t('content.editor.link'),
      unlinkControlLabel: t('content.editor.unlink'),
      linkEditorInputLabel: t('content.editor.link_address'),
      linkEditorInputPlaceholder: 'https://',
      linkEditorExternalLink: t('content.editor.link_external'),
      linkEditorInternalLink: t('content.editor.link_internal'),
      linkEditorSave: t('content.editor.link_save'),
      undoControlLabel: t('content.editor.undo'),
      redoControlLabel: t('content.editor.redo'),
    }),
    [t],
  );
}

/** An empty editor answers `<p></p>`: that is no body at all. */
const htmlOrEmpty = (html: string) => (html === '<p></p>' ? '' : html);

/**
 * A rich text page's body in Mantine's Tiptap editor. The HTML it writes is sanitized by the server before it is
 * stored, so the editor's own output is never trusted as safe.
 */
export function RichTextField({
  label,
  description,
  value,
  onChange,
  error,
  required,
  testId,
  images = false,
}: RichTextFieldProps) {
  const id = useId();
  const labels = useEditorLabels();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false } }),
      ...(images ? [Image.configure({ inline: false, allowBase64: false })] : []),
    ],
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(description ? { 'aria-describedby': `${id}-description` } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        'data-testid': `${testId}-content`,
      },
    },
    onUpdate: ({ editor: current }) => onChange(htmlOrEmpty(current.getHTML())),
  });
  return (
    <Input.Wrapper
      id={id}
      label={label}
      labelProps={{ id: `${id}-label` }}
      description={description}
      descriptionProps={{ id: `${id}-description` }}
      error={error}
      required={required}
      data-testid={testId}
    >
      <RichTextEditor
        editor={editor}
        labels={labels}
        mt={6}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            {images && <RichTextImageControl testId={testId} />}
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={220} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
