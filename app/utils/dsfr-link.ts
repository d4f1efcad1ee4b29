import { setLink } from "@codegouvfr/react-dsfr/link";
import { Link } from "@remix-run/react";

/**
 * react-dsfr's components render links through this: Remix's `Link` for
 * `linkProps={{ to }}`, a plain `<a>` for external, anchor and mailto
 * targets (react-dsfr decides before calling it). Must be called in both
 * entry.server and entry.client, or hydration meets `<a>` on one side and
 * `<Link>` on the other.
 */
export function registerDsfrLink(): void {
  // react-dsfr types its Link as also taking `href` alone; the portal always
  // passes `to` for its own pages, so Remix's Link is enough.
  setLink({ Link: Link as Parameters<typeof setLink>[0]["Link"] });
}
