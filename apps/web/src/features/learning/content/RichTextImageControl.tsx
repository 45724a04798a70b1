import { Button, Group, Image, Modal, Stack, TextInput } from '@mantine/core';
import { RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadField } from '../../../components/UploadField.js';

/**
 * The editor's image button: uploads one image (`rich_text_image`, stored on the company's host and attached by the
 * record that saves the text), asks for its alternative text, and inserts it at the cursor. The server keeps an
 * `<img>` only for such stored files.
 */
export function RichTextImageControl({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const { editor } = useRichTextEditorContext();
  const [opened, setOpened] = useState(false);
  const [src, setSrc] = useState<string | null>(null);
  const [alt, setAlt] = useState('');
  const [altError, setAltError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setOpened(false);
    setSrc(null);
    setAlt('');
    setAltError(null);
  };

  const insert = () => {
    if (!src || !editor) return;
    if (alt.trim() === '') return setAltError(t('content.editor.image_alt_required'));
    editor.chain().focus().setImage({ src, alt: alt.trim() }).run();
    close();
  };

  return (
    <>
      <RichTextEditor.Control
        onClick={() => setOpened(true)}
        aria-label={t('content.editor.image')}
        title={t('content.editor.image')}
        data-testid={`${testId}-image`}
      >
        <IconPhoto stroke={1.5} size={16} aria-hidden />
      </RichTextEditor.Control>
      <Modal
        opened={opened}
        onClose={close}
        title={t('content.editor.image_title')}
        data-testid={`${testId}-image-dialog`}
      >
        <Stack gap="md">
          <UploadField
            kind="rich_text_image"
            label={t('content.editor.image_file')}
            onUploaded={(stored) => setSrc(stored.url)}
            onBusyChange={setBusy}
            testId={`${testId}-image-upload`}
          />
          {src && <Image src={src} alt="" mah={200} fit="contain" radius="sm" />}
          <TextInput
            label={t('content.editor.image_alt')}
            description={t('content.editor.image_alt_hint')}
            value={alt}
            onChange={(event) => {
              setAlt(event.currentTarget.value);
              setAltError(null);
            }}
            error={altError}
            required
            maxLength={300}
            data-testid={`${testId}-image-alt`}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('content.editor.image_cancel')}
            </Button>
            <Button onClick={insert} disabled={!src || busy} data-testid={`${testId}-image-insert`}>
              {t('content.editor.image_insert')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
