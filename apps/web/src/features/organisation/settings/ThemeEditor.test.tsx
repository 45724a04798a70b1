import { DEFAULT_THEME, type ThemeSettings } from '@kampus/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { effectiveColors, ThemeColorsFields, ThemePreview } from './ThemeEditor.js';

/** jsdom reports colours of inline styles as rgb(); the form and the schema speak hex. */
function rgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}

function Harness({ initial = {}, errors = {} }: { initial?: ThemeSettings; errors?: Record<string, string> }) {
  const [theme, setTheme] = useState<ThemeSettings>(initial);
  return (
    <>
      <ThemeColorsFields value={theme} onChange={setTheme} errors={errors} />
      <ThemePreview theme={theme} companyName="Demo Holding" logo={null} />
      <output data-testid="value">{JSON.stringify(theme)}</output>
    </>
  );
}

const input = (key: string) => screen.getByTestId(`color-${key}`) as HTMLInputElement;
const background = (testId: string) => screen.getByTestId(testId).style.background;

describe('the theme colours with their live preview', () => {
  afterEach(cleanup);

  it('shows the eight colours of spec §9 with their defaults, and the preview in them', () => {
    renderPage(<Harness />);
    for (const [key, hex] of Object.entries(DEFAULT_THEME))
      expect(input(key).value.toLowerCase()).toBe(hex.toLowerCase());
    expect(background('theme-preview-button')).toBe(rgb(DEFAULT_THEME.primaryColor));
    expect(background('theme-preview-active')).toBe(rgb(DEFAULT_THEME.primaryColor));
    expect(background('theme-preview-menu')).toBe(rgb(DEFAULT_THEME.secondaryColor));
    expect(background('theme-preview-banner')).toBe(rgb(DEFAULT_THEME.backgroundColor));
    expect(background('theme-preview-dangerColor')).toBe(rgb(DEFAULT_THEME.dangerColor));
    expect(screen.getByText('Demo Holding')).toBeTruthy();
  });

  it('recolours the preview as a colour is typed, keeping the default until the code is complete', () => {
    renderPage(<Harness initial={{ primaryColor: '#112233', linkedinLink: 'https://linkedin.com/x' }} />);
    expect(background('theme-preview-button')).toBe(rgb('#112233'));
    fireEvent.change(input('primaryColor'), { target: { value: '#aa00' } });
    // Half-typed: the preview does not break, it shows the default.
    expect(background('theme-preview-button')).toBe(rgb(DEFAULT_THEME.primaryColor));
    fireEvent.change(input('primaryColor'), { target: { value: '#aa0000' } });
    expect(background('theme-preview-button')).toBe(rgb('#aa0000'));
    expect(background('theme-preview-active')).toBe(rgb('#aa0000'));
    fireEvent.change(input('successColor'), { target: { value: '#00aa00' } });
    expect(background('theme-preview-successColor')).toBe(rgb('#00aa00'));
    expect(JSON.parse(screen.getByTestId('value').textContent ?? '{}')).toMatchObject({
      primaryColor: '#aa0000',
      successColor: '#00aa00',
      linkedinLink: 'https://linkedin.com/x',
    });
  });

  it('goes back to the default colours and keeps the social links', () => {
    renderPage(
      <Harness initial={{ primaryColor: '#112233', dangerColor: '#000000', youtubeLink: 'https://youtube.com/x' }} />,
    );
    fireEvent.click(screen.getByTestId('colors-reset'));
    expect(JSON.parse(screen.getByTestId('value').textContent ?? '{}')).toEqual({
      youtubeLink: 'https://youtube.com/x',
    });
    expect(background('theme-preview-button')).toBe(rgb(DEFAULT_THEME.primaryColor));
    expect(input('dangerColor').value.toLowerCase()).toBe(DEFAULT_THEME.dangerColor.toLowerCase());
  });

  it("shows the server's error on its colour", () => {
    renderPage(<Harness errors={{ 'theme_settings.warningColor': 'Enter a valid colour code (e.g. #3F51B5).' }} />);
    expect(screen.getByText('Enter a valid colour code (e.g. #3F51B5).')).toBeTruthy();
    expect(input('warningColor').getAttribute('aria-invalid')).toBe('true');
  });

  it('merges a partial theme over the defaults', () => {
    expect(effectiveColors({ infoColor: '#123456' })).toEqual({ ...DEFAULT_THEME, infoColor: '#123456' });
  });
});
