/**
 * The portal's version string for GET /api/version: "<package version>@<short
 * commit>" (spec §9: the UI cuts at '@'). The commit comes from GIT_SHA (set
 * by the image build), else from the checkout's .git, else is left out.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import packageJson from "../../package.json" with { type: "json" };

const root = join(import.meta.dirname, "../..");

function commitFromCheckout(): string | undefined {
  try {
    const gitDir = join(root, ".git");
    const head = readFileSync(join(gitDir, "HEAD"), "utf8").trim();
    if (!head.startsWith("ref: ")) return head;
    const ref = head.slice(5);
    const loose = join(gitDir, ref);
    if (existsSync(loose)) return readFileSync(loose, "utf8").trim();
    const packed = readFileSync(join(gitDir, "packed-refs"), "utf8");
    return packed
      .split("\n")
      .find((line) => line.endsWith(` ${ref}`))
      ?.split(" ")[0];
  } catch {
    return undefined;
  }
}

/** "0.1.0@abc1234", or "0.1.0" when no commit is known. */
export function portalVersion(env: NodeJS.ProcessEnv = process.env): string {
  const commit = (env.GIT_SHA || commitFromCheckout())?.trim();
  return commit && /^[0-9a-f]{7,40}$/i.test(commit)
    ? `${packageJson.version}@${commit.slice(0, 7)}`
    : packageJson.version;
}
