import { apiPath } from '../../paths.js';
import type { FileStorage } from '../../platform/storage.js';
import { fileUrlOf } from '../../platform/uploads.js';
import type { Db } from '../client.js';
import { storedFiles } from '../schema/index.js';

/**
 * Draws a demo picture (an SVG with the bundled Noto Sans) as a PNG, stores it as a private file of the company,
 * attached, and answers its address: the demo's banners and gift pictures.
 */
export async function storeDrawnPng(
  tx: Db,
  files: FileStorage,
  companyId: number,
  svg: string,
  originalName: string,
): Promise<string> {
  // Imported when the seed draws, not with the server (the build would hoist a static import: test/build.test.ts).
  const { Resvg } = await import('@resvg/resvg-js');
  const resvg = new Resvg(svg, {
    font: {
      loadSystemFonts: false,
      fontFiles: [apiPath('assets', 'fonts', 'NotoSans-Regular.ttf'), apiPath('assets', 'fonts', 'NotoSans-Bold.ttf')],
      defaultFontFamily: 'Noto Sans',
    },
  });
  const bytes = Buffer.from(resvg.render().asPng());
  const stored = await files.put(companyId, 'png', bytes, { contentType: 'image/png' });
  await tx.insert(storedFiles).values({
    companyId,
    name: stored.name,
    originalName,
    size: stored.size,
    mime: 'image/png',
    visibility: 'private',
    attachments: 1,
    attachedAt: new Date(),
  });
  return fileUrlOf(stored.name);
}
