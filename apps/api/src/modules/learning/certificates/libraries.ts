/**
 * The certificate renderer's packages — pdf-lib, fontkit, resvg and qrcode — loaded on the first certificate rather
 * than at start: together they are some 30 MB of a server's resident memory (measured with `npm run bench:assign`),
 * which a node that never renders a certificate should not carry. Imported dynamically on purpose: the production
 * build (scripts/build.mjs) keeps packages external and hoists a static import of one to the start of dist/main.js,
 * where it would load with the server whatever module asked for it.
 */
type PdfLib = typeof import('pdf-lib');
type Fontkit = typeof import('@pdf-lib/fontkit');
type ResvgClass = typeof import('@resvg/resvg-js').Resvg;
type QRCodeModule = typeof import('qrcode');

export interface CertificateLibraries {
  pdf: PdfLib;
  fontkit: Fontkit;
  Resvg: ResvgClass;
  QRCode: QRCodeModule;
}

let loading: Promise<CertificateLibraries> | undefined;
let loaded: CertificateLibraries | undefined;

/** Loads the renderer's packages once per process; every entry point of the renderer awaits this first. */
export function loadCertificateLibraries(): Promise<CertificateLibraries> {
  loading ??= Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit'), import('@resvg/resvg-js'), import('qrcode')])
    .then(([pdf, fontkit, resvg, qrcode]) => {
      loaded = {
        pdf,
        fontkit: fontkit.default,
        Resvg: resvg.Resvg,
        QRCode: (qrcode as { default?: QRCodeModule }).default ?? qrcode,
      };
      return loaded;
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/** The loaded packages, for the renderer's synchronous steps (after an entry point has awaited the loader). */
export function certificateLibraries(): CertificateLibraries {
  if (!loaded) throw new Error('the certificate renderer was used before loadCertificateLibraries() finished');
  return loaded;
}
