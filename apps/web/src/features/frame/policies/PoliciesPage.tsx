import { Anchor, Box, Divider, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PublicPage } from '../../../app/layouts/PublicLayout.js';
import { POLICY_DOCUMENTS, type PolicyDocument, textBlocks } from './documents.js';

/** A section's body: paragraphs, and "- " lines gathered into lists. */
function Body({ text }: { text: string }) {
  return (
    <Stack gap="xs">
      {textBlocks(text).map((block, index) =>
        block.kind === 'list' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks are static text in a fixed order
          <List key={index} spacing={4} withPadding>
            {block.items.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks are static text in a fixed order
          <Text key={index}>{block.text}</Text>
        ),
      )}
    </Stack>
  );
}

function Document({ document }: { document: PolicyDocument }) {
  const { t } = useTranslation();
  const base = `policies.${document.id}`;
  return (
    <Box
      component="section"
      id={document.id}
      aria-labelledby={`${document.id}-title`}
      data-testid={`policy-${document.id}`}
    >
      <Title order={2} id={`${document.id}-title`} mb="xs">
        {t(`${base}.title`)}
      </Title>
      <Text c="dimmed" mb="md">
        {t(`${base}.intro`)}
      </Text>
      <Stack gap="lg">
        {document.sections.map((section) => (
          <Box key={section}>
            <Title order={3} fz="h4" mb={6}>
              {t(`${base}.${section}.title`)}
            </Title>
            <Body text={t(`${base}.${section}.body`)} />
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

/** /policies: the privacy policy, the terms of use and the cookie notice, each reachable by its #anchor. */
export default function PoliciesPage() {
  const { t } = useTranslation();
  const { hash } = useLocation();

  // The page arrives after its chunk, too late for the browser's own jump to #terms or #cookies.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <PublicPage>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="xl">
          <Box>
            <Title order={1} fz="h2" mb="xs">
              {t('policies.title')}
            </Title>
            <Text c="dimmed">{t('policies.intro')}</Text>
          </Box>
          <Box component="nav" aria-label={t('policies.contents')}>
            <Text fw={600} mb={4}>
              {t('policies.contents')}
            </Text>
            <List spacing={2}>
              {POLICY_DOCUMENTS.map(({ id }) => (
                <List.Item key={id}>
                  <Anchor href={`#${id}`}>{t(`policies.${id}.title`)}</Anchor>
                </List.Item>
              ))}
            </List>
          </Box>
          {POLICY_DOCUMENTS.map((document, index) => (
            <Stack key={document.id} gap="xl">
              {index > 0 && <Divider />}
              <Document document={document} />
            </Stack>
          ))}
        </Stack>
      </Paper>
    </PublicPage>
  );
}
