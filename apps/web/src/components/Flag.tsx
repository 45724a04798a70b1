import type { Locale } from '@kampus/shared';

/** Small drawn flags: emoji flags do not render on Windows or in many Linux browsers. */
export function Flag({ code, size = 20 }: { code: Locale; size?: number }) {
  return (
    <svg width={size} height={(size * 2) / 3} viewBox="0 0 30 20" aria-hidden="true" focusable="false">
      {shapes(code)}
    </svg>
  );
}

function shapes(code: Locale) {
  switch (code) {
    case 'tr':
      return (
        <>
          <rect width="30" height="20" fill="#E30A17" />
          <circle cx="11" cy="10" r="5" fill="#fff" />
          <circle cx="12.3" cy="10" r="4" fill="#E30A17" />
          <polygon points="17,10 20.6,8.8 18.4,11.9 18.4,8.1 20.6,11.2" fill="#fff" />
        </>
      );
    case 'az':
      return (
        <>
          <rect width="30" height="20" fill="#00B5E2" />
          <rect y="6.67" width="30" height="6.67" fill="#EF3340" />
          <rect y="13.33" width="30" height="6.67" fill="#509E2F" />
          <circle cx="14.3" cy="10" r="2.6" fill="#fff" />
          <circle cx="15" cy="10" r="2.1" fill="#EF3340" />
          <circle cx="17.6" cy="10" r="0.9" fill="#fff" />
        </>
      );
    case 'de':
      return (
        <>
          <rect width="30" height="6.67" fill="#000" />
          <rect y="6.67" width="30" height="6.67" fill="#DD0000" />
          <rect y="13.33" width="30" height="6.67" fill="#FFCE00" />
        </>
      );
    default:
      return (
        <>
          <rect width="30" height="20" fill="#012169" />
          <path d="M0,0 30,20 M30,0 0,20" stroke="#fff" strokeWidth="4" />
          <path d="M0,0 30,20 M30,0 0,20" stroke="#C8102E" strokeWidth="1.5" />
          <path d="M15,0 V20 M0,10 H30" stroke="#fff" strokeWidth="6" />
          <path d="M15,0 V20 M0,10 H30" stroke="#C8102E" strokeWidth="3.5" />
        </>
      );
  }
}
