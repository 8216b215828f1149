/**
 * A scripted 1C client (issue 29 §2): drives the exchange endpoint the way 1C does (PROTOCOL.md;
 * the dbfun emulator's call order) — `checkauth` with HTTP Basic (a login and the API key as the
 * password), then every call with the `Cookie:` it was given and `sessid=…` appended to the URL,
 * `init` read for `zip` and `file_limit`, each file POSTed as `application/octet-stream` in chunks of
 * at most `file_limit` bytes (or all files in one deflated zip named like 1C's `v8_….zip`), and
 * `import` repeated while the answer is `progress` (between polls `onPoll` runs, e.g. the test's job
 * queue). Answers are decoded from windows-1251, as 1C reads them.
 */
import zlib from "node:zlib";
import iconv from "iconv-lite";

/** Something that answers requests like the API app (`api.app`). */
export interface ExchangeTarget {
  request(input: string, init?: RequestInit): Response | Promise<Response>;
}

export interface OneCAnswer {
  status: number;
  contentType: string;
  /** The body decoded from windows-1251, split into lines. */
  lines: string[];
  bytes: Buffer;
}

export interface OneCClientOptions {
  key: string;
  type: "catalog" | "sale";
  /** The exchange URL's path (default `/api/1c/exchange`). */
  path?: string;
  /** The login 1C sends with the key (ignored by the server). */
  login?: string;
  /** Sent as `version=` with `init` (a `sale` exchange then uses the new protocol). */
  version?: string;
  /** Runs between two `import` polls that answered `progress`. */
  onPoll?: () => Promise<unknown>;
  /** Chunk size when smaller than the server's `file_limit` (tests of chunking). */
  chunkBytes?: number;
  /** The client address the API sees (`x-client-ip`). */
  ip?: string;
}

export class OneCClient {
  readonly options: OneCClientOptions;
  readonly target: ExchangeTarget;
  cookie: string | null = null;
  sessid: string | null = null;
  zip = false;
  fileLimit = 0;

  constructor(target: ExchangeTarget, options: OneCClientOptions) {
    this.target = target;
    this.options = options;
  }

  /** One call: `mode` and further parameters; `body` POSTs raw bytes. */
  async call(mode: string, params: Record<string, string> = {}, body?: Uint8Array): Promise<OneCAnswer> {
    const search = new URLSearchParams({ type: this.options.type, mode, ...params });
    if (this.sessid && mode !== "checkauth") search.set("sessid", this.sessid);
    const headers: Record<string, string> = { "user-agent": "1C+Enterprise/8.3", "x-client-ip": this.options.ip ?? "198.51.100.7" };
    if (mode === "checkauth")
      headers.authorization = `Basic ${Buffer.from(`${this.options.login ?? "1c-exchange"}:${this.options.key}`).toString("base64")}`;
    else if (this.cookie) headers.cookie = this.cookie;
    if (body) headers["content-type"] = "application/octet-stream";
    const response = await this.target.request(`${this.options.path ?? "/api/1c/exchange"}?${search}`, {
      method: body ? "POST" : "GET",
      headers,
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = iconv.decode(bytes, "win1251");
    return { status: response.status, contentType: response.headers.get("content-type") ?? "", lines: text.split("\n"), bytes };
  }

  /** `checkauth`: keeps the cookie and sessid; answers the lines. */
  async checkauth(): Promise<OneCAnswer> {
    const answer = await this.call("checkauth");
    if (answer.lines[0] === "success") {
      this.cookie = `${answer.lines[1]}=${answer.lines[2]}`;
      this.sessid = answer.lines.find((l) => l.startsWith("sessid="))?.slice("sessid=".length) ?? null;
    }
    return answer;
  }

  /** `init`: reads `zip=` and `file_limit=`. */
  async init(): Promise<OneCAnswer> {
    const answer = await this.call("init", this.options.version ? { version: this.options.version } : {});
    this.zip = answer.lines.includes("zip=yes");
    this.fileLimit = Number(answer.lines.find((l) => l.startsWith("file_limit="))?.slice("file_limit=".length) ?? 0);
    return answer;
  }

  /** `file`: `bytes` in chunks of at most the file limit; answers each chunk's answer (stops at the first not `success`). */
  async upload(name: string, bytes: Uint8Array): Promise<OneCAnswer[]> {
    const size = Math.max(1, Math.min(this.fileLimit || bytes.byteLength, this.options.chunkBytes ?? Number.POSITIVE_INFINITY));
    const answers: OneCAnswer[] = [];
    for (let at = 0; at < bytes.byteLength || at === 0; at += size) {
      const answer = await this.call("file", { filename: name }, bytes.subarray(at, at + size));
      answers.push(answer);
      if (answer.lines[0] !== "success") break;
      if (bytes.byteLength === 0) break;
    }
    return answers;
  }

  /** `import` of `name`, repeated while `progress` (at most `maxPolls`); answers the last answer. */
  async importFile(name: string, maxPolls = 200): Promise<OneCAnswer> {
    let answer = await this.call("import", { filename: name });
    for (let poll = 0; answer.lines[0] === "progress" && poll < maxPolls; poll++) {
      await this.options.onPoll?.();
      answer = await this.call("import", { filename: name });
    }
    return answer;
  }

  /**
   * A whole catalogue exchange as 1C runs it: checkauth, init, the files (one zip when the server
   * takes zips and `zip` is asked), then `import` of each XML file in order. Answers each import's
   * last answer by file name.
   */
  async exchangeCatalog(
    files: { name: string; bytes: Uint8Array }[],
    options: { zip?: boolean } = {},
  ): Promise<Record<string, OneCAnswer>> {
    const auth = await this.checkauth();
    if (auth.lines[0] !== "success") throw new Error(`checkauth: ${auth.lines.join(" | ")}`);
    await this.init();
    if (options.zip && this.zip) {
      const archive = zipOf(files);
      const answers = await this.upload(`v8_${Math.random().toString(16).slice(2, 6).toUpperCase()}_1.zip`, archive);
      if (answers.at(-1)?.lines[0] !== "success") throw new Error(`file: ${answers.at(-1)?.lines.join(" | ")}`);
    } else {
      for (const file of files) {
        const answers = await this.upload(file.name, file.bytes);
        if (answers.at(-1)?.lines[0] !== "success") throw new Error(`file ${file.name}: ${answers.at(-1)?.lines.join(" | ")}`);
      }
    }
    const results: Record<string, OneCAnswer> = {};
    for (const file of files) if (file.name.toLowerCase().endsWith(".xml")) results[file.name] = await this.importFile(file.name);
    await this.call("complete");
    return results;
  }
}

/** A zip of `files`, each entry deflated (what 1C's `zip=yes` sends). `declare` overrides an entry's declared size (a lying header). */
export function zipOf(files: { name: string; bytes: Uint8Array; declare?: number; stored?: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name);
    const data = file.stored ? Buffer.from(file.bytes) : zlib.deflateRawSync(file.bytes);
    const crc = zlib.crc32(file.bytes);
    const fill = (header: Buffer, at: number) => {
      header.writeUInt16LE(file.stored ? 0 : 8, at - 6);
      header.writeUInt32LE(crc, at);
      header.writeUInt32LE(data.length, at + 4);
      header.writeUInt32LE(file.declare ?? file.bytes.byteLength, at + 8);
      header.writeUInt16LE(name.length, at + 12);
      return header;
    };
    const local = fill(Buffer.alloc(30), 14);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    // Bit 11: the name is UTF-8.
    local.writeUInt16LE(0x0800, 6);
    const central = fill(Buffer.alloc(46), 16);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
