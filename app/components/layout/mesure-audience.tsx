import { UNSAFE_RemixContext, useLocation, useMatches } from "@remix-run/react";
import { useContext, useEffect, useRef } from "react";
// Remix's own router (a dependency of @remix-run/react): whether the page is an error page.
import { UNSAFE_DataRouterStateContext } from "react-router-dom";
import {
  CHEMINS_NON_MESURES,
  pageMesuree,
  type ReglagesMesureAudience,
} from "~/utils/mesure-audience";

/** Matomo's command queue, as its tracker script reads it. */
type FileMatomo = unknown[][];

declare global {
  interface Window {
    _paq?: FileMatomo | { push(commande: unknown[]): void };
  }
}

/** JSON inside a `<script>`: "<" escaped so that no "</script>" can close it. */
function json(valeur: unknown): string {
  return JSON.stringify(valeur).replace(/</g, "\\u003c");
}

/**
 * The inline tracker (Matomo's own snippet, ADR 0023), run once when the
 * page loads: cookies off (the consent covers the measurement, the portal
 * keeps the cookie list of /gestion-des-cookies short), the hashed user id,
 * the page view with the page's title unless the page is excluded (same
 * paths as `pageMesuree`), then Matomo's script from MATOMO_URL.
 */
function scriptTraceur(reglages: ReglagesMesureAudience): string {
  return `(function(){var u=${json(reglages.url)},exclus=${json(CHEMINS_NON_MESURES)};
var p=location.pathname.length>1?location.pathname.replace(/\\/+$/,""):location.pathname;
var q=window._paq=window._paq||[];
q.push(["disableCookies"]);q.push(["setTrackerUrl",u+"matomo.php"]);q.push(["setSiteId",${json(reglages.siteId)}]);
${reglages.utilisateur ? `q.push(["setUserId",${json(reglages.utilisateur)}]);` : ""}
if(!exclus.some(function(e){return p===e||p.indexOf(e+"/")===0})){q.push(["setCustomUrl",location.origin+location.pathname]);q.push(["setDocumentTitle",document.title]);q.push(["trackPageView"]);}
var g=document.createElement("script");g.async=true;g.src=u+"matomo.js";document.head.appendChild(g);})();`;
}

/**
 * The page's title as Remix's `<Meta />` computes it (the last route with a
 * `meta` export wins), for the no-JavaScript image; null on an error page
 * or when no route gives one.
 */
function useTitreDeLaPage(): string | null {
  const remix = useContext(UNSAFE_RemixContext);
  const etat = useContext(UNSAFE_DataRouterStateContext);
  const matches = useMatches();
  const location = useLocation();
  if (!remix || etat?.errors) return null;
  let meta: unknown[] = [];
  const calcules: unknown[] = [];
  for (const match of matches) {
    const metaDeRoute = remix.routeModules[match.id]?.meta as
      ((args: unknown) => unknown[] | undefined) | unknown[] | undefined;
    if (typeof metaDeRoute === "function")
      meta =
        metaDeRoute({
          data: match.data,
          params: match.params,
          location,
          matches: calcules,
          error: undefined,
        }) ?? [];
    else if (Array.isArray(metaDeRoute)) meta = metaDeRoute;
    calcules.push({ ...match, meta });
  }
  for (const descripteur of meta)
    if (descripteur && typeof descripteur === "object" && "title" in descripteur)
      return String(descripteur.title);
  return null;
}

/**
 * Audience measurement of a page (spec §1, §9; ADR 0023),
 * rendered by the layout only when the visitor accepted it and Matomo is
 * configured (`reglages`).
 *
 * - The tracker: an inline script carrying the response's CSP `nonce`,
 *   which loads Matomo's script (the CSP allows MATOMO_URL's origin only
 *   when it is set) and sends the page view; React never runs it again.
 * - Later pages reached without a reload (Remix navigations) are sent from
 *   here, with their new title, unless excluded.
 * - Without JavaScript, a `<noscript>` image calls Matomo's HTTP tracking
 *   API with the same parameters (title from the routes' `meta`, URL
 *   without its query, hashed user id), unless the page is excluded.
 */
export function MesureAudience({
  reglages,
  nonce,
}: {
  reglages: ReglagesMesureAudience;
  nonce: string | undefined;
}) {
  const location = useLocation();
  const titre = useTitreDeLaPage();
  const premiere = useRef(true);
  useEffect(() => {
    // The first page is the inline script's.
    if (premiere.current) {
      premiere.current = false;
      return;
    }
    if (!pageMesuree(location.pathname) || !window._paq) return;
    window._paq.push(["setCustomUrl", `${window.location.origin}${location.pathname}`]);
    window._paq.push(["setDocumentTitle", document.title]);
    window._paq.push(["trackPageView"]);
  }, [location.key, location.pathname]);

  const mesuree = pageMesuree(location.pathname);
  const pixel = new URLSearchParams({
    idsite: reglages.siteId,
    rec: "1",
    url: reglages.urlPage,
    ...(titre ? { action_name: titre } : {}),
    ...(reglages.utilisateur ? { uid: reglages.utilisateur } : {}),
  });
  return (
    <>
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: scriptTraceur(reglages) }}
      />
      {mesuree ? (
        <noscript>
          <img
            src={`${reglages.url}matomo.php?${pixel}`}
            alt=""
            width="1"
            height="1"
            referrerPolicy="no-referrer-when-downgrade"
          />
        </noscript>
      ) : null}
    </>
  );
}
