/**
 * The streaming multipart reader (contract/multipart.ts) reads what browsers and HTTP clients send —
 * Cyrillic and Chinese file names, repeated fields, empty file inputs, URL-encoded forms — and refuses
 * bodies beyond its limits with the reason, in small slices of the event loop.
 */
import { describe, expect, test } from "vitest";
import { fileBytes, MultipartError, readMultipart, type MultipartLimits } from "./multipart.ts";

const LIMITS: MultipartLimits = { fileBytes: 1024 * 1024, fieldBytes: 1024, parts: 10, files: 3 };

function post(body: FormData | URLSearchParams | string, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost/upload", { method: "POST", body, headers });
}

/** A request whose body arrives in `pieces` network chunks, as a slow client sends it. */
async function chunked(form: FormData, pieces: number): Promise<Request> {
  const whole = new Request("http://localhost/", { method: "POST", body: form });
  const bytes = new Uint8Array(await whole.arrayBuffer());
  const size = Math.ceil(bytes.length / pieces);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.slice(at, at + size));
      controller.close();
    },
  });
  return new Request("http://localhost/upload", {
    method: "POST",
    body: stream,
    headers: { "content-type": whole.headers.get("content-type")! },
    duplex: "half",
  } as RequestInit);
}

describe("readMultipart", () => {
  test("a file's bytes come back whole from fileBytes, in an ArrayBuffer of their own", async () => {
    const big = new Uint8Array(300_000).map((_, i) => (i * 7) % 251);
    const form = new FormData();
    form.append("small", new File(["A-1;12,5"], "small.csv", { type: "text/csv" }));
    form.append("big", new File([big], "big.bin", { type: "application/octet-stream" }));
    const read = await readMultipart(await chunked(form, 11), LIMITS);
    const small = await fileBytes(read.small as File);
    const bytes = await fileBytes(read.big as File);
    expect(new TextDecoder().decode(small)).toBe("A-1;12,5");
    expect(small.buffer.byteLength).toBe(small.byteLength);
    expect(bytes).toEqual(big);
    expect(bytes).toEqual(new Uint8Array(await (read.big as File).arrayBuffer()));
    // A File that did not come through the reader is read the usual way.
    expect(new TextDecoder().decode(await fileBytes(new File(["x"], "x.txt")))).toBe("x");
  });

  test("reads files with their names and types, and the first value of each field", async () => {
    const form = new FormData();
    form.append("title[ru]", "Прайс-лист на декабрь");
    form.append("title[ru]", "второе значение");
    form.append("file", new File(["Артикул;Цена\nA-1;12,5\n"], "прайс 价格表.csv", { type: "text/csv" }));
    const read = await readMultipart(await chunked(form, 7), LIMITS);
    expect(read["title[ru]"]).toBe("Прайс-лист на декабрь");
    const file = read.file as File;
    expect(file.name).toBe("прайс 价格表.csv");
    expect(file.type).toBe("text/csv");
    expect(await file.text()).toBe("Артикул;Цена\nA-1;12,5\n");
  });

  test("an empty file input is a nameless empty file, as browsers send it", async () => {
    const form = new FormData();
    form.append("file", new File([], "", { type: "application/octet-stream" }));
    const file = (await readMultipart(post(form), LIMITS)).file as File;
    expect(file.size).toBe(0);
    expect(file.name).toBe("");
  });

  test("a URL-encoded form is read too", async () => {
    const read = await readMultipart(post(new URLSearchParams({ kind: "document", "title[en]": "Price list" })), LIMITS);
    expect(read).toEqual({ kind: "document", "title[en]": "Price list" });
  });

  test("a file beyond the bound is refused as too large, not cut", async () => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(LIMITS.fileBytes + 1)], "big.bin"));
    await expect(readMultipart(await chunked(form, 20), LIMITS)).rejects.toMatchObject({ reason: "file_too_large" });
  });

  test("too many parts, too many files and too long a field are refused with their reason", async () => {
    const parts = new FormData();
    for (let i = 0; i < 12; i++) parts.append(`f${i}`, "x");
    await expect(readMultipart(post(parts), LIMITS)).rejects.toMatchObject({ reason: "too_many_parts" });
    const files = new FormData();
    for (let i = 0; i < 4; i++) files.append(`file${i}`, new File(["x"], `${i}.txt`));
    await expect(readMultipart(post(files), LIMITS)).rejects.toMatchObject({ reason: "too_many_parts" });
    const long = new FormData();
    long.append("comment", "я".repeat(LIMITS.fieldBytes));
    await expect(readMultipart(post(long), LIMITS)).rejects.toMatchObject({ reason: "field_too_large" });
  });

  test("a body that is not a form, or is cut short, is unreadable", async () => {
    await expect(readMultipart(post("garbage", { "content-type": "multipart/form-data" }), LIMITS)).rejects.toBeInstanceOf(MultipartError);
    const form = new FormData();
    form.append("file", new File(["a".repeat(5000)], "a.txt"));
    const whole = new Request("http://localhost/", { method: "POST", body: form });
    const bytes = new Uint8Array(await whole.arrayBuffer()).slice(0, 3000);
    const cut = post(new TextDecoder().decode(bytes), { "content-type": whole.headers.get("content-type")! });
    await expect(readMultipart(cut, LIMITS)).rejects.toMatchObject({ reason: "unreadable" });
  });
});
