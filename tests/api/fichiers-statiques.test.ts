/**
 * How the portal serves the DSFR files (issue 5 "page weight"): the
 * stylesheet the pages link, named after its content, is kept a year and
 * never revalidated; the other DSFR files a week; all carry a validator
 * and come compressed to a browser that accepts brotli.
 */
import { readFileSync } from "node:fs";
import { get } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const manifest = JSON.parse(
  readFileSync(join(import.meta.dirname, "../../public/dsfr/portail.json"), "utf8"),
) as { stylesheet: string };

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  await portal?.close();
});

describe("DSFR files", () => {
  it("serve the pages' stylesheet for a year, immutable, brotli-compressed", async () => {
    const response = await fetch(`${portal.baseUrl}${manifest.stylesheet}`, {
      headers: { "Accept-Encoding": "gzip, deflate, br" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/css/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("etag")).toBeTruthy();
    expect(await response.text()).toContain(".fr-btn{");
  });

  it("answer 304 to a browser that already holds the same stylesheet", async () => {
    const first = await fetch(`${portal.baseUrl}${manifest.stylesheet}`);
    await first.arrayBuffer();
    // node:http, not fetch: fetch adds "Cache-Control: no-cache" to conditional requests.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      get(
        `${portal.baseUrl}${manifest.stylesheet}`,
        { headers: { "If-None-Match": first.headers.get("etag")! } },
        (response) => {
          response.resume();
          resolve(response.statusCode);
        },
      ).on("error", reject);
    });
    expect(status).toBe(304);
  });

  it("serve the other DSFR files, fonts included, for a week", async () => {
    for (const path of ["/dsfr/fonts/Marianne-Regular.woff2", "/dsfr/favicon/favicon.svg"]) {
      const response = await fetch(`${portal.baseUrl}${path}`);
      await response.arrayBuffer();
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("public, max-age=604800");
    }
  });
});
