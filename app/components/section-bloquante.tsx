import type { ReactNode } from "react";
import { DECONNEXION_PATH } from "~/components/deconnexion";
import { t } from "~/i18n";

/**
 * A blocking section (spec §2 Modals; DESIGN §6): rendered by the server
 * instead of the page content until the user has answered it. `titre` is
 * the page's `<h1>` (its id `titreId` labels the section), `colonnes` the
 * section's DSFR grid classes, `children` what follows the title.
 */
export function SectionBloquante({
  titreId,
  titre,
  colonnes,
  children,
}: {
  titreId: string;
  titre: string;
  colonnes: string;
  children: ReactNode;
}) {
  return (
    <div className="fr-container fr-py-6w">
      <div className="fr-grid-row">
        <section className={colonnes} aria-labelledby={titreId}>
          <h1 id={titreId}>{titre}</h1>
          {children}
        </section>
      </div>
    </div>
  );
}

/**
 * The way out of a blocking section: a secondary button-styled link to
 * the sign-out page (which asks for the click that signs out).
 */
export function LienDeconnexion() {
  return (
    <a
      className="fr-btn fr-btn--secondary fr-btn--icon-left fr-icon-logout-box-r-line"
      href={DECONNEXION_PATH}
    >
      {t("header.seDeconnecter")}
    </a>
  );
}
