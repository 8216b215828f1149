/**
 * Files for upload tests, made in memory, shared by the API tests and the e2e specs: real pictures
 * (sharp), a valid one-page PDF, minimal DOCX/XLSX packages, and the headers of programs that uploads
 * must refuse whatever their names say.
 */
import sharp from "sharp";

/** A JPEG photo with EXIF (camera, GPS-like comment) that re-encoding must strip. */
export async function jpegPhoto(width = 320, height = 240, color = "#2a6fb0"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: "TestCam", Model: "GPS 55.7558N 37.6173E", Copyright: "secret-owner" } })
    .toBuffer();
}

export async function pngPicture(width = 200, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 160, b: 90, alpha: 0.8 } } })
    .png()
    .toBuffer();
}

/** A small valid PDF (one empty page) with correct cross-reference offsets. */
export function pdfDocument(title = "Прайс-лист"): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
    `<< /Title (${Buffer.from(title).toString("hex")}) >>`,
  ];
  let body = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** A Windows executable header (MZ … PE). */
export function windowsExecutable(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write("MZ", 0, "latin1");
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write("PE\0\0", 0x80, "latin1");
  bytes.writeUInt16LE(0x14c, 0x84);
  return bytes;
}

/** A Linux ELF executable header. */
export function elfExecutable(): Buffer {
  const bytes = Buffer.alloc(256);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(bytes);
  return bytes;
}

/** A minimal zip archive (stored, no compression) with the given files. */
export function zipArchive(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(content);
    // Both headers carry the same block: CRC-32, compressed and uncompressed size (stored: equal), name length.
    const sizes = (header: Buffer, at: number) => {
      header.writeUInt32LE(crc32(data), at);
      header.writeUInt32LE(data.length, at + 4);
      header.writeUInt32LE(data.length, at + 8);
      header.writeUInt16LE(nameBytes.length, at + 12);
      return header;
    };
    const local = sizes(Buffer.alloc(30), 14);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    const central = sizes(Buffer.alloc(46), 16);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

const CONTENT_TYPES = (main: string, type: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${main}" ContentType="${type}"/></Types>`;

/** A minimal DOCX package (enough for the content check: content types and the main part). */
export function docxDocument(): Buffer {
  return zipArchive({
    "[Content_Types].xml": CONTENT_TYPES(
      "word/document.xml",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
    ),
    "_rels/.rels": "<Relationships/>",
    "word/document.xml": "<w:document/>",
  });
}

/** A minimal XLSX package. */
export function xlsxDocument(): Buffer {
  return zipArchive({
    "[Content_Types].xml": CONTENT_TYPES("xl/workbook.xml", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"),
    "_rels/.rels": "<Relationships/>",
    "xl/workbook.xml": "<workbook/>",
  });
}
