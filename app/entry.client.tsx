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
const startDsfr = () => startReactDsfr({ defaultColorScheme: "light" });
if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(startDsfr);
else window.setTimeout(startDsfr, 1);
