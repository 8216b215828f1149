/**
 * A data block in a `<script>` element (JSON-LD, the islands' page data, speculation rules): the
 * JSON with `<` escaped, so text from the catalogue can never close the element. Every script element
 * of a page carries the CSP nonce, data blocks too (tests/e2e/server.spec.ts).
 */
export function ScriptData({ type, data, id, nonce }: { type: string; data: unknown; id?: string; nonce: string | undefined }) {
  return (
    <script
      type={type}
      id={id}
      nonce={nonce}
      suppressHydrationWarning
      // oxlint-disable-next-line react/no-danger -- JSON with "<" escaped, the only way to fill a script element
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}
