/**
 * Bytes a first visit of a page transfers, by type, in Debian's Chromium
 * driven by Playwright: a new browser context per
 * visit (empty cache), JavaScript on or off, the portal's session cookie
 * when the page needs a signed-in user. Sizes are the compressed bytes on
 * the wire as Chromium counts them (DevTools protocol: encodedDataLength
 * of Network.loadingFinished, and of each redirect answer), headers
 * included. The visit ends when the network has been idle for 500 ms.
 */
import { chromium, type Browser } from "@playwright/test";

/** Chromium as the browser tests run it (playwright.config.ts). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const CATEGORIES = ["html", "css", "js", "fonts", "images", "autres"] as const;
export type Category = (typeof CATEGORIES)[number];

export interface PageWeight {
  javaScript: boolean;
  /** Bytes by type, and in all. */
  bytes: Record<Category | "total", number>;
  requests: Record<Category | "total", number>;
  /** Every transfer: URL (without query), DevTools resource type, bytes. */
  transfers: { url: string; type: string; bytes: number }[];
  /** Final URL after redirects. */
  finalUrl: string;
}

function category(type: string): Category {
  switch (type) {
    case "Document":
      return "html";
    case "Stylesheet":
      return "css";
    case "Script":
      return "js";
    case "Font":
      return "fonts";
    case "Image":
      return "images";
    default:
      return "autres";
  }
}

/** Launches the Chromium the measurements use. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

interface CdpResponse {
  requestId: string;
  type?: string;
  response: { url: string };
}
interface CdpRequestSent {
  requestId: string;
  type?: string;
  redirectResponse?: { url: string; encodedDataLength: number };
}

/**
 * Visits `url` once in a fresh context and sums what came over the
 * network. `cookie` is a `name=value` pair set for the page's origin.
 */
export async function weighPage(
  browser: Browser,
  url: string,
  options: { javaScript: boolean; cookie?: string },
): Promise<PageWeight> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScript,
    locale: "fr-FR",
  });
  try {
    if (options.cookie) {
      const index = options.cookie.indexOf("=");
      await context.addCookies([
        { name: options.cookie.slice(0, index), value: options.cookie.slice(index + 1), url },
      ]);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const kinds = new Map<string, { url: string; type: string }>();
    const transfers: PageWeight["transfers"] = [];
    cdp.on("Network.requestWillBeSent", (event: CdpRequestSent) => {
      if (event.redirectResponse)
        transfers.push({
          url: event.redirectResponse.url.split("?")[0],
          type: event.type ?? "Other",
          bytes: event.redirectResponse.encodedDataLength,
        });
    });
    cdp.on("Network.responseReceived", (event: CdpResponse) => {
      // Images inlined in the CSS (data: URLs) cost no transfer.
      if (event.response.url.startsWith("data:")) return;
      kinds.set(event.requestId, {
        url: event.response.url.split("?")[0],
        type: event.type ?? "Other",
      });
    });
    cdp.on("Network.loadingFinished", (event: { requestId: string; encodedDataLength: number }) => {
      const kind = kinds.get(event.requestId);
      if (kind) transfers.push({ ...kind, bytes: event.encodedDataLength });
    });
    const response = await page.goto(url, { waitUntil: "networkidle" });
    if (!response || response.status() !== 200)
      throw new Error(`${url} : HTTP ${response?.status()} dans Chromium`);
    const bytes = Object.fromEntries(
      [...CATEGORIES, "total"].map((key) => [key, 0]),
    ) as PageWeight["bytes"];
    const requests = { ...bytes };
    for (const transfer of transfers) {
      const key = category(transfer.type);
      bytes[key] += transfer.bytes;
      bytes.total += transfer.bytes;
      requests[key] += 1;
      requests.total += 1;
    }
    return { javaScript: options.javaScript, bytes, requests, transfers, finalUrl: page.url() };
  } finally {
    await context.close();
  }
}
