import { GIFT_TYPES, type GiftRequest, type GiftType, type StoreGift } from '@kampus/shared';
import {
  AspectRatio,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCoins, IconGift, IconPackage, IconShoppingBag } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { confirmAction } from '../../../components/ConfirmButton.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { formatLongDate } from '../../../lib/dates.js';
import { useSessionUser } from '../../../lib/session.js';
import { useCancelGiftRequest, useGiftStore, useMyGiftRequests, useRequestGift } from './api.js';
import { GiftStatusBadge } from './GiftRequestsPage.js';
import { GIFT_TYPE_ICONS, GiftTypeIcon } from './GiftTypeIcon.js';

const NS = 'gifts';
export const GIFT_MODULE = 'gift';

/** "1.250 puan": the locale strings format the figure in the user's language (`{{count, number}}`, Intl.NumberFormat). */
function usePoints() {
  const { t } = useTranslation();
  return (count: number) => t(`${NS}.points_value`, { count });
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The gift's cover, or its type's icon on a soft background when it has no image. */
function Cover({ gift }: { gift: Pick<StoreGift, 'name' | 'type' | 'images'> }) {
  const { t } = useTranslation();
  const src = gift.images[0]?.src;
  const Icon = GIFT_TYPE_ICONS[gift.type];
  return (
    <AspectRatio ratio={4 / 3}>
      {src ? (
        <Image src={src} alt={t(`${NS}.image_alt`, { name: gift.name, index: 1 })} fit="cover" />
      ) : (
        <Stack align="center" justify="center" bg="var(--mantine-color-gray-1)">
          <Icon size={56} stroke={1.2} aria-hidden color="var(--mantine-color-gray-6)" />
        </Stack>
      )}
    </AspectRatio>
  );
}

function GiftCard({ gift, balance }: { gift: StoreGift; balance: number }) {
  const { t } = useTranslation();
  const points = usePoints();
  const request = useRequestGift();
  const [variantId, setVariantId] = useState<string | null>(null);
  const variant = gift.variants.find((v) => String(v.id) === variantId) ?? null;
  const soldOut = gift.stock === 0;
  const variantSoldOut = variant !== null && variant.stock === 0;
  const short = gift.price - balance;
  const needsVariant = gift.variants.length > 0 && variant === null;

  const ask = () =>
    confirmAction({
      title: t(`${NS}.store.request_title`),
      message: t(`${NS}.store.request_text`, { name: gift.name, points: points(gift.price) }),
      confirmLabel: t(`${NS}.store.request_confirm`),
      destructive: false,
      onConfirm: () =>
        request.mutate(
          { id: gift.id, body: { variant_id: variant?.id ?? null } },
          {
            onSuccess: (answer) => notifications.show({ color: 'success', message: answer.message }),
            onError: (error) => notifications.show({ color: 'danger', message: errorText(error) }),
          },
        ),
    });

  return (
    <Card withBorder radius="lg" padding="md" data-testid="gift-card" data-gift={gift.id}>
      <Card.Section pos="relative">
        <Cover gift={gift} />
        <Group pos="absolute" top={10} left={10} gap={6}>
          <Paper radius="xl" p={2} shadow="xs">
            <GiftTypeIcon type={gift.type} size="sm" />
          </Paper>
        </Group>
        {soldOut && (
          <Badge pos="absolute" top={10} right={10} color="dark" variant="filled">
            {t(`${NS}.store.out_of_stock`)}
          </Badge>
        )}
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Title order={3} fz="md" lineClamp={2}>
          {gift.name}
        </Title>
        <Group justify="space-between" gap="xs">
          <Group gap={6} wrap="nowrap" data-testid="gift-price">
            <ThemeIcon size="sm" radius="xl" color="yellow.5" c="dark.9" variant="filled">
              <IconCoins size={14} aria-hidden />
            </ThemeIcon>
            <Text fw={700} fz="md">
              {points(gift.price)}
            </Text>
          </Group>
          {gift.stock !== null && gift.stock > 0 && (
            <Text fz="xs" c={gift.stock <= 5 ? 'red.9' : 'dimmed'} fw={gift.stock <= 5 ? 600 : undefined}>
              {t(`${NS}.store.left`, { count: gift.stock })}
            </Text>
          )}
        </Group>
        {gift.variants.length > 0 && (
          <Select
            label={t(`${NS}.store.variant_label`)}
            placeholder={t(`${NS}.store.variant_placeholder`)}
            size="sm"
            data={gift.variants.map((v) => ({
              value: String(v.id),
              label: v.stock === 0 ? t(`${NS}.store.variant_sold_out`, { label: v.label }) : v.label,
              disabled: v.stock === 0,
            }))}
            value={variantId}
            onChange={setVariantId}
            disabled={soldOut}
            data-testid="gift-variant"
          />
        )}
      </Stack>
      <Stack gap={4} mt="md">
        <Button
          fullWidth
          radius="md"
          leftSection={<IconShoppingBag size={16} aria-hidden />}
          disabled={soldOut || variantSoldOut || short > 0 || needsVariant}
          loading={request.isPending}
          onClick={ask}
          data-testid="gift-request"
        >
          {t(`${NS}.store.request`)}
        </Button>
        {short > 0 && !soldOut && (
          <Text fz="xs" c="dimmed" ta="center">
            {t(`${NS}.store.need_more`, { count: short })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
      role="status"
      aria-busy="true"
      aria-label={t('resource.loading')}
    >
      {[0, 1, 2, 3].map((key) => (
        <Skeleton key={key} height={320} radius="lg" />
      ))}
    </SimpleGrid>
  );
}

function StoreTab() {
  const { t } = useTranslation();
  const store = useGiftStore();
  const [type, setType] = useState('all');
  if (store.isPending) return <Loading />;
  if (store.isError) {
    return (
      <EmptyState
        title={t(`${NS}.store.load_error`)}
        text={errorText(store.error)}
        action={<Button onClick={() => void store.refetch()}>{t(`${NS}.store.retry`)}</Button>}
        testId="gift-store-error"
      />
    );
  }
  const { data, meta } = store.data;
  if (data.length === 0) {
    return (
      <EmptyState
        icon={<IconGift size={26} />}
        title={t(`${NS}.store.empty`)}
        text={t(`${NS}.store.empty_text`)}
        testId="gift-store-empty"
      />
    );
  }
  const shown = type === 'all' ? data : data.filter((g) => String(g.type) === type);
  return (
    <Stack>
      <SegmentedControl
        aria-label={t(`${NS}.store.type_filter`)}
        value={type}
        onChange={setType}
        data={[
          { value: 'all', label: t(`${NS}.store.all_types`) },
          ...GIFT_TYPES.map((ty: GiftType) => ({ value: String(ty), label: t(`${NS}.types.${ty}`) })),
        ]}
        style={{ alignSelf: 'flex-start' }}
        data-testid="gift-type-filter"
      />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} data-testid="gift-grid">
        {shown.map((gift) => (
          <GiftCard key={gift.id} gift={gift} balance={meta.balance} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function RequestRow({ request }: { request: GiftRequest }) {
  const { t, i18n } = useTranslation();
  const points = usePoints();
  const cancel = useCancelGiftRequest();
  return (
    <Paper withBorder radius="lg" p="md" data-testid="my-gift-request" data-request={request.id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start" style={{ flex: 1, minWidth: 0 }}>
          <ThemeIcon size={48} radius="md" variant="light" color="grape" style={{ flexShrink: 0 }}>
            {request.gift.image_src ? (
              <Image src={request.gift.image_src} alt="" w={48} h={48} radius="md" fit="cover" />
            ) : (
              <IconPackage size={24} aria-hidden />
            )}
          </ThemeIcon>
          <Stack gap={4}>
            <Group gap={6}>
              <GiftTypeIcon type={request.gift.type} size="sm" />
              <Text fw={600}>{request.gift.name}</Text>
            </Group>
            <Text fz="sm" c="dimmed">
              {[
                request.variant ? `${t(`${NS}.store.variant_label`)}: ${request.variant}` : null,
                points(request.points),
                t(`${NS}.store.requested_on`, { date: formatLongDate(request.created_at, i18n.language) }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            {request.tracking_note && (
              <Text fz="sm" data-testid="my-gift-tracking">
                <Text span fw={600}>
                  {t(`${NS}.store.tracking`)}:
                </Text>{' '}
                {request.tracking_note}
              </Text>
            )}
            {request.status === 'rejected' && request.reason && (
              <Text fz="sm" c="danger.8">
                <Text span fw={600}>
                  {t(`${NS}.store.reason`)}:
                </Text>{' '}
                {request.reason}
              </Text>
            )}
          </Stack>
        </Group>
        <Stack gap="xs" align="flex-end" style={{ flexShrink: 0 }}>
          <GiftStatusBadge status={request.status} />
          {request.status === 'requested' && (
            <Button
              size="xs"
              variant="subtle"
              color="danger"
              loading={cancel.isPending}
              data-testid="my-gift-cancel"
              onClick={() =>
                confirmAction({
                  title: t(`${NS}.store.cancel_title`),
                  message: t(`${NS}.store.cancel_text`, { name: request.gift.name, points: points(request.points) }),
                  confirmLabel: t(`${NS}.store.cancel_confirm`),
                  onConfirm: () =>
                    cancel.mutate(request.id, {
                      onSuccess: (answer) => notifications.show({ color: 'success', message: answer.message }),
                      onError: (error) => notifications.show({ color: 'danger', message: errorText(error) }),
                    }),
                })
              }
            >
              {t(`${NS}.store.cancel_request`)}
            </Button>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

function RequestsTab() {
  const { t } = useTranslation();
  const mine = useMyGiftRequests();
  if (mine.isPending) return <Skeleton height={200} radius="lg" />;
  if (mine.isError) {
    return (
      <EmptyState
        title={t(`${NS}.store.load_error`)}
        text={errorText(mine.error)}
        action={<Button onClick={() => void mine.refetch()}>{t(`${NS}.store.retry`)}</Button>}
      />
    );
  }
  if (mine.data.data.length === 0) {
    return (
      <EmptyState icon={<IconPackage size={26} />} title={t(`${NS}.store.requests_empty`)} testId="my-gifts-empty" />
    );
  }
  return (
    <Stack gap="sm" aria-label={t(`${NS}.store.requests_label`)}>
      {mine.data.data.map((request) => (
        <RequestRow key={request.id} request={request} />
      ))}
    </Stack>
  );
}

/** The balance, big: what the person can spend now. */
function Balance() {
  const { t, i18n } = useTranslation();
  const store = useGiftStore();
  const balance = store.data?.meta.balance;
  return (
    <Paper
      radius="lg"
      px="lg"
      py="md"
      c="white"
      style={{ background: 'linear-gradient(135deg, var(--mantine-color-grape-8), var(--mantine-color-indigo-8))' }}
      data-testid="gift-balance"
    >
      <Group gap="md" wrap="nowrap">
        <ThemeIcon size={44} radius="xl" color="yellow.5" c="dark.9">
          <IconCoins size={26} aria-hidden />
        </ThemeIcon>
        <div>
          <Text fz="xs" tt="uppercase" fw={600} style={{ letterSpacing: 0.5 }}>
            {t(`${NS}.store.balance`)}
          </Text>
          {balance === undefined ? (
            <Skeleton height={30} width={90} mt={4} />
          ) : (
            <Text fz={30} fw={800} lh={1.1} data-testid="gift-balance-value" data-balance={balance}>
              {balance.toLocaleString(i18n.language)}
            </Text>
          )}
        </div>
      </Group>
    </Paper>
  );
}

function GiftStore() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'requests' ? 'requests' : 'store';
  if (user && !user.modules.includes(GIFT_MODULE)) return <Navigate to="/403" replace />;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <div>
          <Title order={1} fz="h2">
            {t(`${NS}.store.title`)}
          </Title>
          <Text c="dimmed">{t(`${NS}.store.description`)}</Text>
        </div>
        <Balance />
      </Group>
      <Tabs
        value={tab}
        onChange={(next) => setParams(next === 'requests' ? { tab: 'requests' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="store" leftSection={<IconGift size={16} aria-hidden />} data-testid="gift-tab-store">
            {t(`${NS}.store.tab_store`)}
          </Tabs.Tab>
          <Tabs.Tab
            value="requests"
            leftSection={<IconPackage size={16} aria-hidden />}
            data-testid="gift-tab-requests"
          >
            {t(`${NS}.store.tab_requests`)}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="store">
          <StoreTab />
        </Tabs.Panel>
        <Tabs.Panel value="requests">
          <RequestsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/**
 * /gift (module `gift`): the balance, the store's products and the person's own requests. Its confirmations open in
 * the learner frame's modals provider (DashboardLayout).
 */
export default function GiftStorePage() {
  return <GiftStore />;
}
