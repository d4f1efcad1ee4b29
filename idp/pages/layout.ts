import type { ServerResponse } from "node:http";
import dsfr from "../../public/dsfr/portail.json" with { type: "json" };
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterFirstPaintScript } from "../../contract/after-first-paint.ts";
import { AccesRapidesVisiteur, EnTete } from "../../contract/gabarit/en-tete.tsx";
import { PiedDePage } from "../../contract/gabarit/pied-de-page.tsx";
import { ID_PIED_DE_PAGE, MARQUE } from "../../contract/gabarit/textes.ts";
import { escapeHtml, html, raw, type SafeHtml } from "./html.ts";

/**
 * The CSP nonce server/security.ts gave the response (Express's
 * `res.locals`, also under oidc-provider's `ctx.res`), for a page's inline
 * scripts; undefined outside the portal's middleware.
 */
export function cspNonce(res: ServerResponse): string | undefined {
  return (res as ServerResponse & { locals?: { cspNonce?: string } }).locals?.cspNonce;
}

/** Fonts after the first paint (ADR 0008), the same for every page. */
const FONTS_SCRIPT = afterFirstPaintScript(dsfr.polices);

/**
 * The portal's header and footer (contract/gabarit), the same markup as on
 * the Remix pages (ADR 0014), rendered once: they hold nothing that
 * depends on the request. The header offers a signed-out visitor's links;
 * without the portal's stylesheet there is no mobile menu.
 */
const EN_TETE = renderToStaticMarkup(
  createElement(EnTete, {
    accesRapides: createElement(AccesRapidesVisiteur, {
      connexion: "/account/login",
      creationCompte: "/creation-compte",
    }),
  }),
);
const PIED_DE_PAGE = renderToStaticMarkup(createElement(PiedDePage));

/**
 * The DSFR page shell of the identity provider's pages: French, light scheme,
 * the portal's DSFR stylesheet as public/dsfr/portail.json names it (the
 * same as the portal's pages), favicon, skip links, and the portal's own
 * header and footer (contract/gabarit). `title` becomes "{title} | Mon
 * Accompagnateur Rénov'" (a page showing form errors starts it with
 * "Erreur : "). `script` is inline JavaScript that runs only with the
 * response's CSP `nonce` (omitted when there is no nonce). With the nonce,
 * the fonts load after the first paint as on the portal's pages (ADR 0008);
 * without it, by a plain stylesheet link.
 */
export function layout(page: {
  title: string;
  main: SafeHtml;
  nonce?: string;
  script?: string;
}): string {
  const script =
    page.script && page.nonce
      ? raw(`<script nonce="${escapeHtml(page.nonce)}">${page.script}</script>`)
      : "";
  const fonts = page.nonce
    ? raw(
        `<noscript><link rel="stylesheet" href="${escapeHtml(dsfr.polices)}" /></noscript><script nonce="${escapeHtml(page.nonce)}">${FONTS_SCRIPT}</script>`,
      )
    : html`<link rel="stylesheet" href="${dsfr.polices}" />`;
  return html`<!DOCTYPE html>
    <html lang="fr" data-fr-scheme="light" data-fr-theme="light">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, shrink-to-fit=no" />
        <meta name="format-detection" content="telephone=no" />
        <meta name="robots" content="noindex, nofollow" />
        <title>${page.title} | ${MARQUE.nom}</title>
        <link rel="stylesheet" href="${dsfr.stylesheet}" />
        ${fonts}
        <link rel="icon" href="/dsfr/favicon/favicon.svg" type="image/svg+xml" />
        <link rel="shortcut icon" href="/dsfr/favicon/favicon.ico" type="image/x-icon" />
        <link rel="apple-touch-icon" href="/dsfr/favicon/apple-touch-icon.png" />
      </head>
      <body>
        <div class="fr-skiplinks">
          <nav class="fr-container" role="navigation" aria-label="Accès rapide">
            <ul class="fr-skiplinks__list">
              <li><a class="fr-link" href="#contenu">Contenu</a></li>
              <li><a class="fr-link" href="#${ID_PIED_DE_PAGE}">Pied de page</a></li>
            </ul>
          </nav>
        </div>
        ${raw(EN_TETE)}
        <main id="contenu" role="main" tabindex="-1">${page.main}</main>
        ${raw(PIED_DE_PAGE)} ${script}
      </body>
    </html> `.value;
}
