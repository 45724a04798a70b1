import { SEARCH_QUERY_MAX } from '@kampus/shared';
import { ActionIcon, Box, Modal, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The search box of the header: typing and Enter opens /search?q=. */
function SearchForm({ autoFocus, onDone, testId }: { autoFocus?: boolean; onDone?: () => void; testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = typed.trim();
    if (!q) return;
    navigate(`/search?${new URLSearchParams({ q })}`);
    setTyped('');
    onDone?.();
  };
  return (
    <form onSubmit={submit} data-testid={testId}>
      <TextInput
        type="search"
        aria-label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        maxLength={SEARCH_QUERY_MAX}
        radius="xl"
        autoFocus={autoFocus}
        data-autofocus={autoFocus || undefined}
      />
    </form>
  );
}

/** Desktop: the box in the header. Phone: an icon opening the box in a dialog, so the header keeps its room. */
export function HeaderSearch() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Box visibleFrom="md" w={260} mr="xs">
        <SearchForm testId="header-search" />
      </Box>
      <ActionIcon
        hiddenFrom="md"
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t('search.open')}
        onClick={open}
        data-testid="header-search-open"
      >
        <IconSearch size={20} aria-hidden />
      </ActionIcon>
      <Modal opened={opened} onClose={close} title={t('search.title')} yOffset="10vh">
        <SearchForm autoFocus onDone={close} testId="header-search-dialog" />
      </Modal>
    </>
  );
}
