import {
  CERTIFICATE_PAGE,
  type CertificateField,
  type CertificateLabel,
  certificateFieldText,
  isCertificateImageField,
  type Locale,
  sampleCertificateValues,
} from '@kampus/shared';
import { Box, Text, VisuallyHidden } from '@mantine/core';
import { IconPhoto, IconQrcode, IconSignature } from '@tabler/icons-react';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const NS = 'certificateTemplates';
const { width: PAGE_W, height: PAGE_H } = CERTIFICATE_PAGE;
/** The canvas's width where nothing can be measured (tests); on screen it follows its column. */
const FALLBACK_WIDTH = 420;

/** Fonts of the browser closest to the shipped ones: the PDF prints Noto; a browser without it shows its family. */
const CSS_FONT = {
  'noto-sans': '"Noto Sans", "Segoe UI", Arial, sans-serif',
  'noto-serif': '"Noto Serif", Georgia, serif',
};

export const clampToPage = (field: Pick<CertificateField, 'width' | 'height'>, x: number, y: number) => ({
  x: Math.round(Math.min(Math.max(0, x), PAGE_W - field.width)),
  y: Math.round(Math.min(Math.max(0, y), PAGE_H - field.height)),
});

interface PageCanvasProps {
  fields: readonly CertificateField[];
  backgroundColor: string;
  backgroundUrl: string | null;
  language: Locale;
  selected: string | null;
  /** Keys of fields the form has errors on (drawn in red). */
  invalid: ReadonlySet<string>;
  onSelect(key: string): void;
  onMove(key: string, x: number, y: number): void;
}

/** The width of an element as it lays out, followed as it changes (the canvas scales with its column). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * The page as the PDF prints it, at the column's width: the background, and each field at its box filled with the
 * sample values. A field moves by dragging, or — selected — with the arrow keys (Shift: 10 pt), each move announced.
 */
export function PageCanvas(props: PageCanvasProps) {
  const { fields, backgroundColor, backgroundUrl, language, selected, invalid, onSelect, onMove } = props;
  const { t } = useTranslation();
  const { ref, width } = useWidth();
  const scale = (width || FALLBACK_WIDTH) / PAGE_W;
  const [announcement, setAnnouncement] = useState('');
  const drag = useRef<{ key: string; startX: number; startY: number; x: number; y: number } | null>(null);
  const values = sampleCertificateValues(language);
  const label: CertificateLabel = (key, params) => t(`${NS}.render.${key}`, { ...params, lng: language });
  const typeName = (field: CertificateField) => t(`${NS}.field_types.${field.type}`);

  const announce = (field: CertificateField, x: number, y: number) =>
    setAnnouncement(t(`${NS}.editor.moved`, { field: typeName(field), x, y }));

  const onPointerDown = (field: CertificateField) => (event: PointerEvent<HTMLDivElement>) => {
    onSelect(field.key);
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { key: field.key, startX: event.clientX, startY: event.clientY, x: field.x, y: field.y };
  };
  const onPointerMove = (field: CertificateField) => (event: PointerEvent<HTMLDivElement>) => {
    const moving = drag.current;
    if (!moving || moving.key !== field.key) return;
    const next = clampToPage(
      field,
      moving.x + (event.clientX - moving.startX) / scale,
      moving.y + (event.clientY - moving.startY) / scale,
    );
    if (next.x !== field.x || next.y !== field.y) onMove(field.key, next.x, next.y);
  };
  const onPointerUp = (field: CertificateField) => () => {
    if (drag.current?.key === field.key) announce(field, field.x, field.y);
    drag.current = null;
  };
  const onKeyDown = (field: CertificateField) => (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 10 : 1;
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[
      event.key
    ];
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(field.key);
      return;
    }
    if (!delta) return;
    event.preventDefault();
    const next = clampToPage(field, field.x + (delta[0] ?? 0), field.y + (delta[1] ?? 0));
    onSelect(field.key);
    onMove(field.key, next.x, next.y);
    announce(field, next.x, next.y);
  };

  return (
    <Box ref={ref} w="100%">
      <Box
        role="group"
        aria-label={t(`${NS}.editor.canvas_label`)}
        aria-describedby="certificate-canvas-hint"
        data-testid="certificate-canvas"
        pos="relative"
        w={PAGE_W * scale}
        h={PAGE_H * scale}
        style={{
          backgroundColor,
          backgroundImage: backgroundUrl ? `url("${backgroundUrl}")` : undefined,
          backgroundSize: '100% 100%',
          boxShadow: 'var(--mantine-shadow-md)',
          overflow: 'hidden',
          touchAction: 'none',
          userSelect: 'none',
        }}
      >
        {fields.map((field) => {
          const isSelected = field.key === selected;
          const text = isCertificateImageField(field.type) ? '' : certificateFieldText(field, values, label);
          return (
            <Box
              key={field.key}
              role="button"
              tabIndex={0}
              aria-pressed={isSelected}
              // The visible sample text leads the name (what a sighted speech user says), then what the field is and where.
              aria-label={[text, t(`${NS}.editor.moved`, { field: typeName(field), x: field.x, y: field.y })]
                .filter(Boolean)
                .join(' — ')}
              data-testid={`canvas-field-${field.key}`}
              data-x={field.x}
              data-y={field.y}
              onPointerDown={onPointerDown(field)}
              onPointerMove={onPointerMove(field)}
              onPointerUp={onPointerUp(field)}
              onPointerCancel={onPointerUp(field)}
              onKeyDown={onKeyDown(field)}
              pos="absolute"
              style={{
                left: field.x * scale,
                top: field.y * scale,
                width: field.width * scale,
                height: field.height * scale,
                cursor: 'move',
                outline: invalid.has(field.key)
                  ? '2px solid var(--mantine-color-red-6)'
                  : isSelected
                    ? '2px solid var(--mantine-color-blue-6)'
                    : '1px dashed rgba(100, 116, 139, 0.55)',
                outlineOffset: 1,
                display: 'flex',
                alignItems: 'flex-start',
                justifyContent: { left: 'flex-start', center: 'center', right: 'flex-end' }[field.align],
              }}
            >
              {field.type === 'qr_code' ? (
                <IconQrcode size={Math.min(field.width, field.height) * scale} color={field.color} aria-hidden />
              ) : field.type === 'signature_image' && field.image_url ? (
                <img
                  src={field.image_url}
                  alt=""
                  style={{ width: '100%', height: '100%', objectFit: 'contain', pointerEvents: 'none' }}
                />
              ) : field.type === 'signature_image' || field.type === 'logo' ? (
                <Box w="100%" h="100%" style={{ display: 'grid', placeItems: 'center', color: '#64748b' }}>
                  {field.type === 'logo' ? (
                    <IconPhoto size={18} aria-hidden />
                  ) : (
                    <IconSignature size={18} aria-hidden />
                  )}
                </Box>
              ) : (
                <Text
                  component="span"
                  style={{
                    fontFamily: CSS_FONT[field.font],
                    fontWeight: field.weight === 'bold' ? 700 : 400,
                    fontSize: field.size * scale,
                    lineHeight: 1.36,
                    color: field.color,
                    whiteSpace: 'nowrap',
                    overflow: 'hidden',
                    textAlign: field.align,
                    width: '100%',
                  }}
                >
                  {text}
                </Text>
              )}
            </Box>
          );
        })}
      </Box>
      <Text id="certificate-canvas-hint" size="xs" c="dimmed" mt="xs">
        {t(`${NS}.editor.move_hint`)}
      </Text>
      <VisuallyHidden aria-live="polite" data-testid="certificate-canvas-announcement">
        {announcement}
      </VisuallyHidden>
    </Box>
  );
}
