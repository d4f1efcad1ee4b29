import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { deferRemixScripts } from "~/components/layout/after-first-paint.server";
import { registerDsfrLink } from "~/utils/dsfr-link";
import { NonceContext } from "~/utils/nonce";

registerDsfrLink();

const ABORT_DELAY_MS = 5_000;

/**
 * Server rendering of every document request. The response's CSP nonce
 * (`context.cspNonce`, set by server/security.ts) goes on every script React
 * and Remix emit. The document is sent in one piece once everything is
 * rendered (ADR 0007): no route defers data, so streaming would not show
 * anything sooner, and each streamed piece cost a compression job and a
 * socket write (2 to 3 ms of CPU for a 20 KB page, measured). Remix's
 * scripts in it wait for the first paint (ADR 0008). An error after the
 * shell is logged and turns the status into 500.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer
          context={remixContext}
          url={request.url}
          abortDelay={ABORT_DELAY_MS}
          nonce={nonce}
        />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const chunks: Buffer[] = [];
          const body = new PassThrough();
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("end", () => {
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(
              new Response(deferRemixScripts(Buffer.concat(chunks).toString("utf8")), {
                headers: responseHeaders,
                status: responseStatusCode,
              }),
            );
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Before the shell, the error reaches onShellError and Remix's handleError.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY_MS + 1_000);
  });
}
