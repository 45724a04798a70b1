import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A PDF's pages as pdf.js reads them: each page's size in points and the text of each of its text runs. */
export async function readPdf(
  bytes: Uint8Array,
): Promise<{ pages: { width: number; height: number; texts: string[] }[] }> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false })
    .promise;
  try {
    const pages = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const [, , width = 0, height = 0] = page.view;
      const content = await page.getTextContent();
      const texts = content.items.flatMap((item) => ('str' in item && item.str.trim() !== '' ? [item.str] : []));
      pages.push({ width, height, texts });
    }
    return { pages };
  } finally {
    await document.destroy();
  }
}

/** The width and height a PNG's IHDR chunk states. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = Buffer.from(bytes);
  if (view.toString('latin1', 1, 4) !== 'PNG' || view.toString('latin1', 12, 16) !== 'IHDR')
    throw new Error('not a PNG');
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}
