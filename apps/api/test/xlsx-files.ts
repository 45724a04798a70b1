import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import yazl from 'yazl';

/** Spreadsheets made part by part for the import tests and benchmark: odd writers, big sheets and zip bombs. */

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const MB = 1024 * 1024;

/** A real workbook built part by part, as Excel lays it out; the sheet may stream (a bomb is never held whole). */
export async function workbookOf(
  sheet: string | Iterable<string>,
  options: { sharedStrings?: string; styles?: string; date1904?: boolean } = {},
): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const add = (path: string, text: string) => zip.addBuffer(Buffer.from(text), path);
  add(
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="xml" ContentType="application/xml"/></Types>',
  );
  add(
    '_rels/.rels',
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  add(
    'xl/workbook.xml',
    `<workbook xmlns="${NS}" xmlns:r="${REL}"><workbookPr date1904="${options.date1904 ? 1 : 0}"/>` +
      '<sheets><sheet name="People" sheetId="1" r:id="rId1"/></sheets></workbook>',
  );
  add(
    'xl/_rels/workbook.xml.rels',
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  );
  if (typeof sheet === 'string') add('xl/worksheets/sheet1.xml', sheet);
  else zip.addReadStream(Readable.from(sheet), 'xl/worksheets/sheet1.xml');
  if (options.sharedStrings) add('xl/sharedStrings.xml', `<sst xmlns="${NS}">${options.sharedStrings}</sst>`);
  if (options.styles) add('xl/styles.xml', `<styleSheet xmlns="${NS}">${options.styles}</styleSheet>`);
  zip.end();
  return buffer(zip.outputStream);
}

export const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
export const sheetXml = (rows: string) => `<worksheet xmlns="${NS}"><sheetData>${rows}</sheetData></worksheet>`;

/** A sheet of `rows` people with an email and a name, one row per `<row>`. */
export function peopleSheet(rows: number, name = (i: number) => `Person ${i}`): string {
  const body = Array.from(
    { length: rows },
    (_, i) => `<row r="${i + 2}">${inline(`A${i + 2}`, `p${i}@example.test`)}${inline(`B${i + 2}`, name(i))}</row>`,
  );
  return sheetXml(`<row r="1">${inline('A1', 'Email')}${inline('B1', 'Name')}</row>${body.join('')}`);
}

/** Hundreds of MB of sheet XML, made of one repeated row, produced a megabyte at a time. */
export function* hugeSheet(bytes: number) {
  yield `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>`;
  const row = '<row><c t="inlineStr"><is><t>bomb@example.test</t></is></c></row>';
  const chunk = row.repeat(Math.ceil(MB / row.length));
  for (let written = 0; written < bytes; written += chunk.length) yield chunk;
  yield '</sheetData></worksheet>';
}

/** The same zip with the sheet's uncompressed size in the central directory replaced by `size`. */
export function withDeclaredSheetSize(zip: Buffer, size: number): Buffer {
  const lying = Buffer.from(zip);
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  for (let at = lying.indexOf('PK\u0001\u0002'); at !== -1; at = lying.indexOf('PK\u0001\u0002', at + 4)) {
    // Central directory header: name length at 28, name at 46, uncompressed size at 24.
    const nameLength = lying.readUInt16LE(at + 28);
    if (lying.subarray(at + 46, at + 46 + nameLength).equals(name)) {
      lying.writeUInt32LE(size, at + 24);
      return lying;
    }
  }
  throw new Error('sheet entry not found');
}
