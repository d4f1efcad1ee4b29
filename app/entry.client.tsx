import { startReactDsfr } from "@codegouvfr/react-dsfr/spa";
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { registerDsfrLink } from "~/utils/dsfr-link";

registerDsfrLink();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});

// DSFR's script edits the DOM (modals, collapses): start it once React has
// hydrated, never before (STACK-NOTES "DSFR with server rendering").
// react-dsfr adds a <style> element (the root's color-scheme) with the nonce
// it finds in window.ssrNonce: the CSP allows no other (ADR 0012). The
// page's own scripts carry that nonce.
const startDsfr = () => {
  (window as { ssrNonce?: string }).ssrNonce =
    document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
  startReactDsfr({ defaultColorScheme: "light" });
};
if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(startDsfr);
else window.setTimeout(startDsfr, 1);
