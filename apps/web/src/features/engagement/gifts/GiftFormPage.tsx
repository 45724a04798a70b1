import {
  GIFT_IMAGES_MAX,
  GIFT_NAME_MAX,
  GIFT_PRICE_MAX,
  GIFT_STOCK_MAX,
  GIFT_TYPES,
  GIFT_VARIANT_LABEL_MAX,
  GIFT_VARIANTS_MAX,
  type Gift,
  type GiftCreate,
  type GiftType,
  type GiftUpdate,
  giftCreateSchema,
} from '@kampus/shared';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Image,
  Input,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPhoto, IconPlus, IconTrash } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { ResourceForm } from '../../../components/ResourceForm.js';
import { UploadField } from '../../../components/UploadField.js';
import { ActiveStatusSelect } from '../../frame/admin/records/RecordFields.js';
import { RecordFormPage, useRecordSave } from '../../frame/admin/records/RecordFormPage.js';
import { RichTextField } from '../../learning/content/RichTextField.js';
import { useAudienceGroups } from '../announcements/api.js';
import { giftsResource } from './api.js';
import { GIFT_TYPE_ICONS } from './GiftTypeIcon.js';

const NS = giftsResource.contract.namespace;
const LIST = pathTo('company.gifts');

type VariantValue = { id?: number; label: string; stock: number | null };

function valuesOf(gift: Gift | null) {
  return {
    name: gift?.name ?? '',
    description: gift?.description ?? null,
    type: gift?.type ?? (2 as GiftType),
    price: gift?.price ?? 100,
    stock: gift && gift.variants.length === 0 ? gift.stock : null,
    image_urls: gift?.images.map((i) => i.url) ?? [],
    variants: (gift?.variants ?? []).map((v): VariantValue => ({ id: v.id, label: v.label, stock: v.stock })),
    group_ids: gift?.group_ids ?? [],
    status: gift?.status ?? 1,
  };
}

/** The product type as three choices, each with its icon (spec §3). */
function TypeField({ value, onChange, error }: { value: GiftType; onChange: (t: GiftType) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t(`${NS}.fields.type`)}
      value={String(value)}
      onChange={(next) => onChange(Number(next) as GiftType)}
      error={error}
      required
    >
      <SimpleGrid cols={{ base: 1, xs: 3 }} mt="xs">
        {GIFT_TYPES.map((type) => {
          const Icon = GIFT_TYPE_ICONS[type];
          return (
            <Radio.Card key={type} value={String(type)} radius="md" p="sm" data-testid={`gift-type-${type}`}>
              <Group wrap="nowrap" gap="sm">
                <Radio.Indicator />
                <Icon size={22} aria-hidden />
                <Text fz="sm" fw={500}>
                  {t(`${NS}.types.${type}`)}
                </Text>
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}

/** The images: the saved ones previewed through their signed address, new uploads by name until saved. */
function ImagesField(props: {
  gift: Gift | null;
  value: string[];
  onChange: (urls: string[]) => void;
  onBusyChange: (busy: boolean) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [names, setNames] = useState<Record<string, string>>({});
  const saved = new Map((props.gift?.images ?? []).map((i) => [i.url, i.src]));
  const name = props.gift?.name ?? '';
  return (
    <Stack gap="xs">
      <UploadField
        kind="private_image"
        label={t(`${NS}.fields.image_urls`)}
        multiple
        disabled={props.value.length >= GIFT_IMAGES_MAX}
        onUploaded={(file) => {
          setNames((current) => ({ ...current, [file.url]: file.name }));
          props.onChange([...props.value, file.url].slice(0, GIFT_IMAGES_MAX));
        }}
        onBusyChange={props.onBusyChange}
        error={props.error}
        testId="gift-images"
      />
      <Text fz="xs" c="dimmed">
        {t(`${NS}.images_hint`)}
      </Text>
      {props.value.length > 0 && (
        <Group gap="sm">
          {props.value.map((url, index) => {
            const src = saved.get(url) ?? null;
            const label = t(`${NS}.image_remove`, { index: index + 1 });
            return (
              <Paper key={url} withBorder radius="md" p={4} pos="relative" data-testid="gift-image">
                {src ? (
                  <Image
                    src={src}
                    alt={t(`${NS}.image_alt`, { name, index: index + 1 })}
                    w={96}
                    h={96}
                    radius="sm"
                    fit="cover"
                  />
                ) : (
                  <Stack w={96} h={96} align="center" justify="center" gap={4}>
                    <IconPhoto size={24} aria-hidden />
                    <Text fz={10} ta="center" lineClamp={2}>
                      {names[url] ?? url.split('/').pop()}
                    </Text>
                  </Stack>
                )}
                {index === 0 && (
                  <Badge size="xs" pos="absolute" top={6} left={6}>
                    1
                  </Badge>
                )}
                <ActionIcon
                  size="sm"
                  color="danger"
                  variant="filled"
                  pos="absolute"
                  top={4}
                  right={4}
                  aria-label={label}
                  title={label}
                  onClick={() => props.onChange(props.value.filter((u) => u !== url))}
                >
                  <IconTrash size={14} aria-hidden />
                </ActionIcon>
              </Paper>
            );
          })}
        </Group>
      )}
    </Stack>
  );
}

/** Variants (sizes) with their own stock: a label and a stock per row, added and removed freely. */
function VariantsField(props: {
  value: VariantValue[];
  onChange: (variants: VariantValue[]) => void;
  errors: Record<string, string | undefined>;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const set = (index: number, change: Partial<VariantValue>) =>
    props.onChange(props.value.map((v, i) => (i === index ? { ...v, ...change } : v)));
  return (
    <Input.Wrapper
      label={t(`${NS}.fields.variants`)}
      description={t(`${NS}.variants_hint`)}
      error={props.errors.variants}
      id={labelId}
    >
      <Stack gap="xs" mt="xs" data-testid="gift-variants">
        {props.value.map((variant, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; their place is their identity
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              aria-label={`${t(`${NS}.variant_label`)} ${index + 1}`}
              placeholder={t(`${NS}.variant_label`)}
              maxLength={GIFT_VARIANT_LABEL_MAX}
              value={variant.label}
              onChange={(event) => set(index, { label: event.currentTarget.value })}
              error={props.errors[`variants.${index}.label`]}
              style={{ flex: 2 }}
              data-testid="gift-variant-label"
            />
            <NumberInput
              aria-label={`${t(`${NS}.variant_stock`)} ${index + 1}`}
              placeholder={t(`${NS}.stock_unlimited`)}
              min={0}
              max={GIFT_STOCK_MAX}
              allowDecimal={false}
              value={variant.stock ?? ''}
              onChange={(next) => set(index, { stock: typeof next === 'number' ? next : null })}
              error={props.errors[`variants.${index}.stock`]}
              style={{ flex: 1 }}
              data-testid="gift-variant-stock"
            />
            <ActionIcon
              variant="subtle"
              color="danger"
              size="lg"
              aria-label={t(`${NS}.variant_remove`, { label: variant.label || index + 1 })}
              onClick={() => props.onChange(props.value.filter((_, i) => i !== index))}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={props.value.length >= GIFT_VARIANTS_MAX}
            onClick={() => props.onChange([...props.value, { label: '', stock: null }])}
            data-testid="gift-variant-add"
          >
            {t(`${NS}.variant_add`)}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

function GiftForm({ gift }: { gift: Gift | null }) {
  const { t } = useTranslation();
  const save = useRecordSave(giftsResource, gift);
  const initial = useMemo(() => valuesOf(gift), [gift]);
  const [uploading, setUploading] = useState(false);
  const groups = useAudienceGroups();
  return (
    <ResourceForm
      schema={giftCreateSchema}
      initial={initial}
      cancelTo={LIST}
      testId="gift-form"
      onSave={(data, mode) => save(data as GiftCreate & GiftUpdate, mode)}
      saveDisabled={uploading}
    >
      {(form) => {
        const variants = (form.values.variants ?? []) as VariantValue[];
        return (
          <Stack>
            <Paper withBorder radius="lg" p="lg">
              <Stack>
                <TextInput
                  label={t(`${NS}.fields.name`)}
                  name="name"
                  required
                  maxLength={GIFT_NAME_MAX}
                  autoComplete="off"
                  {...form.field('name')}
                  data-testid="gift-name"
                />
                <TypeField
                  value={(form.values.type ?? 2) as GiftType}
                  onChange={(type) => form.setField('type', type)}
                  error={form.errors.type}
                />
                <RichTextField
                  label={t(`${NS}.fields.description`)}
                  value={form.values.description ?? ''}
                  onChange={(html) => form.setField('description', html || null)}
                  error={form.errors.description}
                  testId="gift-description"
                />
                <ImagesField
                  gift={gift}
                  value={form.values.image_urls ?? []}
                  onChange={(urls) => form.setField('image_urls', urls)}
                  onBusyChange={setUploading}
                  error={form.errors.image_urls}
                />
              </Stack>
            </Paper>
            <Paper withBorder radius="lg" p="lg">
              <Stack>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <NumberInput
                    label={t(`${NS}.fields.price`)}
                    required
                    min={1}
                    max={GIFT_PRICE_MAX}
                    allowDecimal={false}
                    value={form.values.price ?? ''}
                    onChange={(next) => form.setField('price', typeof next === 'number' ? next : (undefined as never))}
                    error={form.errors.price}
                    data-testid="gift-price"
                  />
                  <NumberInput
                    label={t(`${NS}.fields.stock`)}
                    description={t(`${NS}.stock_hint`)}
                    placeholder={t(`${NS}.stock_unlimited`)}
                    min={0}
                    max={GIFT_STOCK_MAX}
                    allowDecimal={false}
                    disabled={variants.length > 0}
                    value={variants.length > 0 ? '' : (form.values.stock ?? '')}
                    onChange={(next) => form.setField('stock', typeof next === 'number' ? next : null)}
                    error={form.errors.stock}
                    data-testid="gift-stock"
                  />
                </SimpleGrid>
                <VariantsField
                  value={variants}
                  onChange={(next) => form.setField('variants', next as never)}
                  errors={form.errors}
                />
              </Stack>
            </Paper>
            <Paper withBorder radius="lg" p="lg">
              <Stack>
                <MultiSelect
                  label={t(`${NS}.fields.group_ids`)}
                  description={t(`${NS}.groups_hint`)}
                  placeholder={(form.values.group_ids ?? []).length === 0 ? t(`${NS}.groups_placeholder`) : undefined}
                  data={groups.data ?? []}
                  value={(form.values.group_ids ?? []).map(String)}
                  onChange={(ids) => form.setField('group_ids', ids.map(Number))}
                  searchable
                  clearable
                  error={form.errors.group_ids}
                  data-testid="gift-groups"
                />
                <ActiveStatusSelect
                  namespace={NS}
                  value={form.values.status ?? 1}
                  onChange={(status) => form.setField('status', status)}
                  error={form.errors.status}
                  testId="gift-status"
                />
              </Stack>
            </Paper>
          </Stack>
        );
      }}
    </ResourceForm>
  );
}

/** The gift add and edit screens (`/admin/gift/add`, `/admin/gift/{id}/edit`; create_gift). */
export default function GiftFormPage() {
  const { id = null } = useParams();
  return (
    <RecordFormPage resource={giftsResource} id={id} testId="gift-form">
      {(gift) => <GiftForm key={gift?.id ?? 'new'} gift={gift} />}
    </RecordFormPage>
  );
}
