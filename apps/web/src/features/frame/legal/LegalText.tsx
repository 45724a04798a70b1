import { Button, Group, List, Modal, ScrollArea, Stack, Text, Title, Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompany } from '../../../app/company.js';
import { type ChosenLegalText, chooseLegalText, type LegalTextKind, legalTextSetting } from './choose.js';

type HeadingOrder = 2 | 3 | 4;

/** The text of `kind` for this company, this host and the current language (spec §1, §2.9). */
export function useLegalText(kind: LegalTextKind): ChosenLegalText {
  const company = useCompany();
  const { t, i18n } = useTranslation();
  const companyName = company?.name ?? t('app.product_name');
  return useMemo(
    () => chooseLegalText(kind, legalTextSetting(company?.settings, kind), window.location, i18n.language, companyName),
    [kind, company?.settings, i18n.language, companyName],
  );
}

/** A company's HTML carries its own title; a built-in document names itself. */
export function legalTitle(text: ChosenLegalText, companyTitle: string): string {
  return text.kind === 'document' ? text.document.title : companyTitle;
}

/** Renders a chosen text: a company's HTML after DOMPurify, or a built-in document as headings, paragraphs, lists. */
export function LegalTextBody({ text, headingOrder }: { text: ChosenLegalText; headingOrder: HeadingOrder }) {
  if (text.kind === 'html') {
    return (
      <Typography>
        {/* Legal texts are HTML written by administrators; they are sanitized before display. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify */}
        <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(text.html) }} />
      </Typography>
    );
  }
  const { document } = text;
  return (
    <Stack gap="md">
      {document.intro.map((paragraph) => (
        <Text key={paragraph}>{paragraph}</Text>
      ))}
      {document.sections.map((section) => (
        <Stack key={section.heading} gap="xs">
          <Title order={headingOrder} fz="h5">
            {section.heading}
          </Title>
          {section.paragraphs?.map((paragraph) => (
            <Text key={paragraph}>{paragraph}</Text>
          ))}
          {section.items && (
            <List spacing={4} withPadding>
              {section.items.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          )}
          {section.closing?.map((paragraph) => (
            <Text key={paragraph}>{paragraph}</Text>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

interface LegalTextModalProps {
  opened: boolean;
  onClose: () => void;
  text: ChosenLegalText;
  /** The title when the company's own HTML is shown. */
  companyTitle: string;
  testId: string;
  /** The label of the closing button at the bottom. */
  confirmLabel: string;
  confirmTestId?: string;
  zIndex?: number;
}

/** A long legal text in a scrolling modal, closed by its button, the close icon or Escape. */
export function LegalTextModal(props: LegalTextModalProps) {
  const { t } = useTranslation();
  return (
    <Modal.Root
      opened={props.opened}
      onClose={props.onClose}
      size="xl"
      zIndex={props.zIndex}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Modal.Overlay />
      <Modal.Content data-testid={props.testId}>
        <Modal.Header>
          {/* Modal.Title is the dialog's h2 already. */}
          <Modal.Title fz="h3" fw={700}>
            {legalTitle(props.text, props.companyTitle)}
          </Modal.Title>
          <Modal.CloseButton aria-label={t('legal.close')} />
        </Modal.Header>
        <Modal.Body>
          <LegalTextBody text={props.text} headingOrder={3} />
          <Group justify="flex-end" mt="lg">
            <Button onClick={props.onClose} data-testid={props.confirmTestId}>
              {props.confirmLabel}
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
