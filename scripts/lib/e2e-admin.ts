/**
 * The e2e suite's way to run `npm run admin` commands on the e2e server's embedded database (see
 * scripts/e2e-server.ts): `runAdminCommand(port, ["approve", "product", "12"])` → `{ code, lines }`
 * with the CLI's exit code (0 done, 1 refused, 64 usage) and its output lines.
 */
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** The control socket of the e2e server listening on `port`. */
export function adminSocketPath(port: number): string {
  return path.join(os.tmpdir(), `postavka-e2e-${port}.admin.sock`);
}

export function runAdminCommand(port: number, argv: string[]): Promise<{ code: number; lines: string[] }> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(adminSocketPath(port));
    let output = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify(argv)}\n`));
    socket.on("data", (chunk: string) => (output += chunk));
    socket.on("end", () => {
      try {
        resolve(JSON.parse(output) as { code: number; lines: string[] });
      } catch (error) {
        reject(error);
      }
    });
    socket.on("error", reject);
  });
}
