/**
 * Upload checks on arbitrary bytes (fast-check): whatever is sent — random bytes, or random bytes
 * behind the signature of an accepted or refused format — `processUpload` either accepts it or
 * refuses it with an `UploadError` carrying a code and an HTTP status; it never throws anything
 * else (that would be a 500). Plus the zip directory reader used for DOCX/XLSX.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { zipArchive } from "#tests/support/profile.ts";
import { processUpload, UploadError, zipEntryNames } from "./uploads.ts";

const SIGNATURES = [
  [0xff, 0xd8, 0xff, 0xe0], // JPEG
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], // PNG
  [0x47, 0x49, 0x46, 0x38, 0x39, 0x61], // GIF89a
  [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50], // RIFF....WEBP
  [0, 0, 0, 0x1c, 0x66, 0x74, 0x79, 0x70, 0x61, 0x76, 0x69, 0x66], // ftypavif
  [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  [0x50, 0x4b, 0x03, 0x04], // zip
  [0x4d, 0x5a], // MZ
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0x3c, 0x73, 0x76, 0x67], // <svg
];

describe("upload checks", () => {
  test("never throw anything but an UploadError, whatever the bytes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SIGNATURES),
        fc.uint8Array({ maxLength: 2048 }),
        fc.boolean(),
        async (signature, rest, withSignature) => {
          const bytes = withSignature ? new Uint8Array([...signature, ...rest]) : rest;
          try {
            const result = await processUpload(bytes);
            expect(["image", "document"]).toContain(result.kind);
          } catch (error) {
            expect(error).toBeInstanceOf(UploadError);
            expect((error as UploadError).code).toMatch(/^[a-z_]+$/);
            expect([400, 413, 415, 422]).toContain((error as UploadError).status);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test("zip directory reader: names of a real archive; null for damaged bytes", () => {
    expect(zipEntryNames(zipArchive({ "[Content_Types].xml": "<Types/>", "word/document.xml": "<w/>" }))).toEqual([
      "[Content_Types].xml",
      "word/document.xml",
    ]);
    expect(zipEntryNames(new Uint8Array([0x50, 0x4b, 0x05, 0x06]))).toBeNull();
    const damaged = zipArchive({ "a.txt": "a" });
    damaged.writeUInt32LE(0xffffff, damaged.length - 6);
    expect(zipEntryNames(damaged)).toBeNull();
  });
});
