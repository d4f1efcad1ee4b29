import { t } from "~/i18n";

/** The page where the choice is made and kept (its action sets `gdpr-cookies-consent`). */
const PAGE_COOKIES = "/gestion-des-cookies";

/**
 * The cookie consent banner (spec §2 Layout, §9; DSFR "gestionnaire de
 * consentement"): title, text, "Tout accepter", "Tout refuser" and
 * "Personnaliser". Shown by the layout while the visitor has not chosen.
 *
 * Server-rendered and without JavaScript: the two buttons post a plain
 * form to /gestion-des-cookies, which sets the cookie for 365 days and
 * redirects back to `redirectTo` (checked there by `safeRedirectPath`);
 * "Personnaliser" is a link to that page (as is the footer's "Gestion des
 * cookies", which reopens the choice later). A full page load follows the
 * choice with or without JavaScript, so the measurement script starts (or
 * not) from the server's answer.
 *
 * In the page's flow, above the header, rather than DSFR's fixed panel at
 * the bottom of the window: it never covers the content, a button or a
 * notification, at any width.
 */
export function BandeauConsentement({ redirectTo }: { redirectTo: string }) {
  const personnaliser = `${PAGE_COOKIES}?${new URLSearchParams({ redirectTo })}`;
  return (
    <section
      className="fr-py-2w"
      aria-labelledby="bandeau-consentement-titre"
      id="bandeau-consentement"
    >
      <div className="fr-container">
        <div className="fr-grid-row fr-grid-row--middle">
          <div className="fr-col-12 fr-col-lg-7">
            <h2 className="fr-consent-banner__title fr-mb-1v" id="bandeau-consentement-titre">
              {t("cookies.bandeauTitre")}
            </h2>
            <p className="fr-text--sm fr-mb-2w">{t("cookies.bandeauTexte")}</p>
          </div>
          <form method="post" action={PAGE_COOKIES} className="fr-col-12 fr-col-lg-5">
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <ul className="fr-btns-group fr-btns-group--inline fr-btns-group--sm fr-btns-group--right fr-mb-n2w">
              {(["accepter", "refuser"] as const).map((choix) => (
                <li key={choix}>
                  <button
                    className="fr-btn"
                    type="submit"
                    name="consentement"
                    value={choix}
                    title={t(`cookies.${choix}Titre`)}
                  >
                    {t(`cookies.${choix}`)}
                  </button>
                </li>
              ))}
              <li>
                <a
                  className="fr-btn fr-btn--secondary"
                  href={personnaliser}
                  title={t("cookies.personnaliserTitre")}
                >
                  {t("cookies.personnaliser")}
                </a>
              </li>
            </ul>
          </form>
        </div>
      </div>
    </section>
  );
}
