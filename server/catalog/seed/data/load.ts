/**
 * Reads one of the demo catalogue's data files (`<name>.json` beside this module): the hand-written
 * vocabulary is data, so it lives in JSON and the modules here only give it its type and its
 * documentation.
 *
 * The caller names the shape (`T`); the files are checked against it by the seed's tests
 * (tests/api/seed.test.ts generates a catalogue from them on both engines), not at run time.
 * Throws when the file is missing or is not valid JSON — a broken checkout, not user input.
 */
import { readFileSync } from "node:fs";
import { sourceFile } from "#server/paths.ts";

export function readSeedData<T>(name: "categories" | "companies" | "services" | "stories"): T {
  return JSON.parse(readFileSync(sourceFile(`server/catalog/seed/data/${name}.json`), "utf8")) as T;
}
