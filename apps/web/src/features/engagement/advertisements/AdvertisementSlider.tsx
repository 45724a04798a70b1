import { type LearnerAdvertisement, LIGHTBOX_CONTROLS_HIDE_MS, SLIDER_AUTOPLAY_MS } from '@kampus/shared';
import { ActionIcon, AspectRatio, Box, Button, Group, Image, Modal, Paper, Text, UnstyledButton } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconExternalLink } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sendAdvertisementEvents } from '../announcements/api.js';
import { useSlider } from './api.js';

/** Views are sent once per banner per page visit, in one batch a moment after they happen (or when leaving). */
const SEND_AFTER_MS = 2000;

function useViewCounter() {
  const counted = useRef(new Set<number>());
  const pending = useRef<{ views: number[]; clicks: number[] }>({ views: [], clicks: [] });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const batch = pending.current;
    pending.current = { views: [], clicks: [] };
    sendAdvertisementEvents(batch);
  }, []);
  const later = useCallback(() => {
    if (!timer.current) timer.current = setTimeout(flush, SEND_AFTER_MS);
  }, [flush]);
  useEffect(() => flush, [flush]);
  return {
    view: useCallback(
      (id: number) => {
        if (counted.current.has(id)) return;
        counted.current.add(id);
        pending.current.views.push(id);
        later();
      },
      [later],
    ),
    click: useCallback(
      (id: number) => {
        pending.current.clicks.push(id);
        flush();
      },
      [flush],
    ),
  };
}

const isExternal = (link: string) => /^https?:\/\//i.test(link);

function BannerLink({ ad, onClick }: { ad: LearnerAdvertisement; onClick: () => void }) {
  const { t } = useTranslation();
  if (!ad.link_url) return null;
  const common = {
    size: 'xs' as const,
    variant: 'light' as const,
    rightSection: <IconExternalLink size={14} aria-hidden />,
    onClick,
    'data-testid': 'slider-link',
  };
  return isExternal(ad.link_url) ? (
    <Button component="a" href={ad.link_url} target="_blank" rel="noopener noreferrer" {...common}>
      {t('advertisements.slider.open_link')}
    </Button>
  ) : (
    <Button component={Link} to={ad.link_url} {...common}>
      {t('advertisements.slider.open_link')}
    </Button>
  );
}

/** The full view of the banners: the controls hide after a while without the pointer or a key, and come back. */
function Lightbox({
  ads,
  index,
  onIndex,
  onClose,
  onClick,
}: {
  ads: LearnerAdvertisement[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
  onClick: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const wake = useCallback(() => {
    setShown(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setShown(false), LIGHTBOX_CONTROLS_HIDE_MS);
  }, []);
  useEffect(() => {
    wake();
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [wake]);
  const ad = ads[index];
  if (!ad) return null;
  const step = (by: number) => onIndex((index + by + ads.length) % ads.length);
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      centered
      title={ad.title}
      closeButtonProps={{ 'aria-label': t('advertisements.slider.close') }}
      data-testid="slider-lightbox"
    >
      <Box
        pos="relative"
        onMouseMove={wake}
        onKeyDown={(event) => {
          wake();
          if (event.key === 'ArrowLeft') step(-1);
          if (event.key === 'ArrowRight') step(1);
        }}
      >
        <Image src={ad.image_src} alt={ad.title} fit="contain" mah="70vh" radius="md" />
        {ads.length > 1 && (
          <Group
            justify="space-between"
            pos="absolute"
            top="50%"
            left={8}
            right={8}
            style={{ transform: 'translateY(-50%)', opacity: shown ? 1 : 0, transition: 'opacity 200ms' }}
          >
            <ActionIcon
              variant="white"
              size="lg"
              radius="xl"
              onClick={() => step(-1)}
              onFocus={wake}
              aria-label={t('advertisements.slider.previous')}
            >
              <IconChevronLeft aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="white"
              size="lg"
              radius="xl"
              onClick={() => step(1)}
              onFocus={wake}
              aria-label={t('advertisements.slider.next')}
            >
              <IconChevronRight aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </Box>
      <Group justify="space-between" mt="sm">
        <Text fz="sm" c="dimmed">
          {t('advertisements.slider.position', { index: index + 1, count: ads.length })}
        </Text>
        <BannerLink ad={ad} onClick={() => onClick(ad.id)} />
      </Group>
    </Modal>
  );
}

/**
 * The learner home's advertisement slider (issue 17): one banner at a time, turning every 7 s unless the pointer or
 * the focus is on it (or the person asked for less motion); a click on the banner opens the full view. Nothing at
 * all when no banner runs for this person.
 */
export default function AdvertisementSlider() {
  const { t } = useTranslation();
  const query = useSlider();
  const ads = query.data ?? [];
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [enlarged, setEnlarged] = useState(false);
  const reduceMotion = useReducedMotion();
  const counter = useViewCounter();
  const current = ads[Math.min(index, ads.length - 1)];

  useEffect(() => {
    if (current) counter.view(current.id);
  }, [current, counter.view]);
  useEffect(() => {
    if (ads.length < 2 || paused || enlarged || reduceMotion) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % ads.length), SLIDER_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [ads.length, paused, enlarged, reduceMotion]);

  if (!current) return null;
  const step = (by: number) => setIndex((i) => (i + by + ads.length) % ads.length);
  return (
    <Paper
      withBorder
      radius="lg"
      p={0}
      component="section"
      aria-roledescription="carousel"
      aria-label={t('advertisements.slider.label')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      style={{ overflow: 'hidden' }}
      data-testid="home-slider"
    >
      <Box
        pos="relative"
        aria-roledescription="slide"
        role="group"
        aria-label={t('advertisements.slider.position', { index: index + 1, count: ads.length })}
      >
        <UnstyledButton
          w="100%"
          display="block"
          onClick={() => setEnlarged(true)}
          aria-label={t('advertisements.slider.enlarge', { title: current.title })}
          data-testid="slider-banner"
        >
          <AspectRatio ratio={3}>
            <Image src={current.image_src} alt={current.title} fit="cover" />
          </AspectRatio>
        </UnstyledButton>
        <Group justify="space-between" px="sm" py={6} wrap="nowrap" bg="var(--mantine-color-body)">
          <Group gap={4} wrap="nowrap">
            {ads.length > 1 && (
              <>
                <ActionIcon
                  variant="subtle"
                  onClick={() => step(-1)}
                  aria-label={t('advertisements.slider.previous')}
                  data-testid="slider-previous"
                >
                  <IconChevronLeft size={18} aria-hidden />
                </ActionIcon>
                <Text fz="xs" c="dimmed" aria-live={paused ? 'polite' : 'off'} data-testid="slider-position">
                  {t('advertisements.slider.position', { index: index + 1, count: ads.length })}
                </Text>
                <ActionIcon
                  variant="subtle"
                  onClick={() => step(1)}
                  aria-label={t('advertisements.slider.next')}
                  data-testid="slider-next"
                >
                  <IconChevronRight size={18} aria-hidden />
                </ActionIcon>
              </>
            )}
          </Group>
          <Text fz="sm" fw={600} lineClamp={1} ta="center" flex={1}>
            {current.title}
          </Text>
          <BannerLink ad={current} onClick={() => counter.click(current.id)} />
        </Group>
      </Box>
      {enlarged && (
        <Lightbox
          ads={ads}
          index={index}
          onIndex={setIndex}
          onClose={() => setEnlarged(false)}
          onClick={counter.click}
        />
      )}
    </Paper>
  );
}
