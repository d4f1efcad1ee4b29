/**
 * How the portal serves its static files (page weight and performance of
 * static files): the stylesheet the pages link, named after
 * its content, is kept a year and never revalidated; the other DSFR files a
 * week; the build output a year. A client gets brotli when it accepts it,
 * else gzip, else the plain file, always the same bytes once decoded, with
 * a validator and `Vary: Accept-Encoding`. The build's precompressed copies
 * (scripts/precompress.mjs, run by scripts/test.sh's build) go out as they
 * are; without them the portal compresses on the fly.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { get, type IncomingHttpHeaders } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const ROOT = join(import.meta.dirname, "../..");
const manifest = JSON.parse(readFileSync(join(ROOT, "public/dsfr/portail.json"), "utf8")) as {
  stylesheet: string;
  polices: string;
};
const stylesheetFile = join(ROOT, "public", manifest.stylesheet);
const YEAR = "public, max-age=31536000, immutable";
const WEEK = "public, max-age=604800";

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  await portal?.close();
});

interface RawResponse {
  status: number | undefined;
  headers: IncomingHttpHeaders;
  /** The bytes as sent, not decoded (fetch would decode them). */
  body: Buffer;
}

/** GET `path` with node:http: no Accept-Encoding or Cache-Control unless `headers` has them. */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    get(`${portal.baseUrl}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    }).on("error", reject);
  });
}

/** The body decoded according to its Content-Encoding. */
function decoded(response: RawResponse): Buffer {
  switch (response.headers["content-encoding"]) {
    case "br":
      return brotliDecompressSync(response.body);
    case "gzip":
      return gunzipSync(response.body);
    default:
      return response.body;
  }
}

describe("the pages' DSFR stylesheet", () => {
  const file = readFileSync(stylesheetFile);

  it.each([
    ["br", "br"],
    ["gzip", "gzip"],
    // A browser's header: brotli wins, whatever the order.
    ["gzip, deflate, br, zstd", "br"],
    ["br;q=0, gzip", "gzip"],
  ])("goes out compressed to Accept-Encoding: %s (%s)", async (accept, encoding) => {
    const response = await rawGet(manifest.stylesheet, { "Accept-Encoding": accept });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe(encoding);
    expect(response.headers["content-type"]).toMatch(/^text\/css; charset=utf-8$/i);
    expect(response.headers["cache-control"]).toBe(YEAR);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers.etag).toBeTruthy();
    expect(response.body.length).toBeLessThan(file.length / 4);
    // Compressed once: decoding once gives back the file.
    expect(decoded(response).equals(file)).toBe(true);
  });

  it.each([[{}], [{ "Accept-Encoding": "identity" }]])(
    "goes out as is to a client that accepts no compression (%j)",
    async (headers) => {
      const response = await rawGet(manifest.stylesheet, headers);
      expect(response.status).toBe(200);
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect(response.headers["content-type"]).toMatch(/^text\/css; charset=utf-8$/i);
      expect(response.headers["cache-control"]).toBe(YEAR);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(response.headers["content-length"])).toBe(file.length);
      expect(response.body.equals(file)).toBe(true);
    },
  );

  it("has a companion for the fonts (ADR 0008), named after its content and kept a year too", async () => {
    const response = await rawGet(manifest.polices, { "Accept-Encoding": "br" });
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/css; charset=utf-8$/i);
    expect(response.headers["cache-control"]).toBe(YEAR);
    expect(decoded(response).toString("utf8")).toMatch(/^@font-face\{font-family:Marianne;/);
  });

  it("is sent as the build compressed it, with its length", async () => {
    for (const [accept, copy] of [
      ["br", `${stylesheetFile}.br`],
      ["gzip", `${stylesheetFile}.gz`],
    ]) {
      const response = await rawGet(manifest.stylesheet, { "Accept-Encoding": accept });
      const expected = readFileSync(copy);
      expect(Number(response.headers["content-length"]), accept).toBe(expected.length);
      expect(response.body.equals(expected), accept).toBe(true);
    }
  });

  it("answers 304 to a browser that already holds the same stylesheet", async () => {
    const headers = { "Accept-Encoding": "gzip, deflate, br" };
    const first = await rawGet(manifest.stylesheet, headers);
    const second = await rawGet(manifest.stylesheet, {
      ...headers,
      "If-None-Match": String(first.headers.etag),
    });
    expect(second.status).toBe(304);
    expect(second.body.length).toBe(0);
  });
});

describe("the other DSFR files", () => {
  it("are kept a week, fonts included", async () => {
    for (const path of ["/dsfr/fonts/Marianne-Regular.woff2", "/dsfr/favicon/favicon.svg"]) {
      const response = await rawGet(path, { "Accept-Encoding": "br, gzip" });
      expect(response.status, path).toBe(200);
      expect(response.headers["cache-control"], path).toBe(WEEK);
    }
  });

  it("go out compressed with their own type", async () => {
    const path = "/dsfr/dsfr.module.min.js";
    const response = await rawGet(path, { "Accept-Encoding": "br, gzip" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^text\/javascript; charset=utf-8$/i);
    expect(response.headers["cache-control"]).toBe(WEEK);
    expect(decoded(response).equals(readFileSync(join(ROOT, "public", path)))).toBe(true);
  });

  it("do not compress a font again", async () => {
    const path = "/dsfr/fonts/Marianne-Regular.woff2";
    const response = await rawGet(path, { "Accept-Encoding": "br, gzip" });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["content-type"]).toBe("font/woff2");
    expect(response.body.equals(readFileSync(join(ROOT, "public", path)))).toBe(true);
  });

  it("are compressed on the fly when the build left no copy (readable dsfr.css)", async () => {
    const path = "/dsfr/dsfr.css";
    const response = await rawGet(path, { "Accept-Encoding": "gzip" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers["content-type"]).toMatch(/^text\/css; charset=utf-8$/i);
    expect(response.headers["cache-control"]).toBe(WEEK);
    expect(decoded(response).equals(readFileSync(join(ROOT, "public", path)))).toBe(true);
  });
});

const assetsDir = join(ROOT, "build/client/assets");
describe("the build output (after `npm run build`)", () => {
  beforeAll(() => {
    // `npm test` builds first (scripts/test.sh); a run without the build must
    // say so rather than pass with these checks silently skipped.
    if (!existsSync(assetsDir) || !existsSync(`${stylesheetFile}.br`))
      throw new Error("Le portail n'est pas construit : lancez « npm run build » avant ces tests.");
  });

  it("keeps the fingerprinted assets a year, compressed", async () => {
    const name = readdirSync(assetsDir).find(
      (file) => file.endsWith(".js") && statSync(join(assetsDir, file)).size > 4096,
    )!;
    const response = await rawGet(`/assets/${name}`, { "Accept-Encoding": "br, gzip" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^text\/javascript; charset=utf-8$/i);
    expect(response.headers["cache-control"]).toBe(YEAR);
    expect(decoded(response).equals(readFileSync(join(assetsDir, name)))).toBe(true);
  });

  it("keeps the other files an hour", async () => {
    const response = await rawGet("/robots.txt", { "Accept-Encoding": "br, gzip" });
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; charset=utf-8$/i);
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
  });
});
