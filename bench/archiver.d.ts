/** The part of archiver (a dependency of exceljs; no bundled types) the register generator uses. */
declare module "archiver" {
  import type { Writable } from "node:stream";
  interface Archiver {
    pipe(destination: Writable): void;
    append(source: Buffer, data: { name: string }): void;
    finalize(): Promise<void>;
    pointer(): number;
    on(event: "error", listener: (error: Error) => void): void;
    once(event: "entry", listener: () => void): void;
  }
  export default function archiver(format: "zip", options?: { zlib?: { level?: number } }): Archiver;
}
