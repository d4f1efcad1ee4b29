import type { ServerResponse } from "node:http";
import dsfr from "../../public/dsfr/portail.json" with { type: "json" };
import { afterFirstPaintScript } from "../../contract/after-first-paint.ts";
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

/** Name of the service shown in the DSFR header and in page titles. */
export const SERVICE_TITLE = "Mon Accompagnateur Rénov' – Agréments";

/**
 * The DSFR page shell of the identity provider's pages: French, light scheme,
 * the portal's DSFR stylesheet as public/dsfr/portail.json names it (the
 * same as the portal's pages), favicon, skip link, header (Marianne block,
 * service title, Anah) and footer. `title` becomes "{title} | Mon
 * Accompagnateur Rénov'". `script` is inline JavaScript that runs only with
 * the response's CSP `nonce` (omitted when there is no nonce). With the
 * nonce, the fonts load after the first paint as on the portal's pages
 * (ADR 0008); without it, by a plain stylesheet link.
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
        <title>${page.title} | Mon Accompagnateur Rénov'</title>
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
              <li><a class="fr-link" href="#pied-de-page">Pied de page</a></li>
            </ul>
          </nav>
        </div>
        <header role="banner" class="fr-header">
          <div class="fr-header__body">
            <div class="fr-container">
              <div class="fr-header__body-row">
                <div class="fr-header__brand fr-enlarge-link">
                  <div class="fr-header__brand-top">
                    <div class="fr-header__logo">
                      <p class="fr-logo">République<br />Française</p>
                    </div>
                  </div>
                  <div class="fr-header__service">
                    <a href="/" title="Accueil - ${SERVICE_TITLE} - Anah">
                      <p class="fr-header__service-title">${SERVICE_TITLE}</p>
                    </a>
                    <p class="fr-header__service-tagline">Anah</p>
                  </div>
                </div>
              </div>
            </div>
          </div>
        </header>
        <main id="contenu" role="main" tabindex="-1">${page.main}</main>
        <footer class="fr-footer" role="contentinfo" id="pied-de-page">
          <div class="fr-container">
            <div class="fr-footer__body">
              <div class="fr-footer__brand fr-enlarge-link">
                <a
                  href="/"
                  title="Retour à l'accueil du site - ${SERVICE_TITLE} - République Française"
                >
                  <p class="fr-logo">République<br />Française</p>
                </a>
              </div>
              <div class="fr-footer__content">
                <p class="fr-footer__content-desc">
                  ${SERVICE_TITLE} : le portail de l'Agence nationale de l'habitat (Anah) pour
                  l'agrément des opérateurs Mon Accompagnateur Rénov'.
                </p>
                <ul class="fr-footer__content-list">
                  <li class="fr-footer__content-item">
                    <a
                      class="fr-footer__content-link"
                      target="_blank"
                      rel="noopener"
                      title="anah.gouv.fr - nouvelle fenêtre"
                      href="https://www.anah.gouv.fr"
                      >anah.gouv.fr</a
                    >
                  </li>
                  <li class="fr-footer__content-item">
                    <a
                      class="fr-footer__content-link"
                      target="_blank"
                      rel="noopener"
                      title="info.gouv.fr - nouvelle fenêtre"
                      href="https://www.info.gouv.fr"
                      >info.gouv.fr</a
                    >
                  </li>
                  <li class="fr-footer__content-item">
                    <a
                      class="fr-footer__content-link"
                      target="_blank"
                      rel="noopener"
                      title="service-public.fr - nouvelle fenêtre"
                      href="https://www.service-public.fr"
                      >service-public.fr</a
                    >
                  </li>
                  <li class="fr-footer__content-item">
                    <a
                      class="fr-footer__content-link"
                      target="_blank"
                      rel="noopener"
                      title="legifrance.gouv.fr - nouvelle fenêtre"
                      href="https://www.legifrance.gouv.fr"
                      >legifrance.gouv.fr</a
                    >
                  </li>
                </ul>
              </div>
            </div>
          </div>
        </footer>
        ${script}
      </body>
    </html> `.value;
}
