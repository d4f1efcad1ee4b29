import { Link } from "@remix-run/react";
import type { ProprietesLien } from "#contract/gabarit/lien";
import { PiedDePage } from "#contract/gabarit/pied-de-page";
import { t } from "~/i18n";

/**
 * Public page of France Rénov' on the Mon Accompagnateur Rénov' approval
 * (eligibility, steps, supporting documents, webinar): the managers' guide.
 */
export const GUIDE_INTERVENANT_URL =
  "https://france-renov.gouv.fr/mon-accompagnateur-renov/demande-agrement";

/** The router's link for the shared footer's pages (client-side navigation). */
function LienRemix({ href, ...autres }: ProprietesLien) {
  return <Link to={href} {...autres} />;
}

/**
 * DSFR footer (spec §2 "Header and menu"), the shared markup of
 * contract/gabarit/pied-de-page.tsx (the identity provider's pages use it
 * too): site map, accessibility (non conforme until
 * audited), legal notices, personal data, terms of use, cookie management
 * (a link: the page works without JavaScript), the household directory
 * (/trouver-un-accompagnateur) and external links. Managers
 * also get the "Guide de l'intervenant" link and, above the footer, a help
 * banner with the national team's address. `version`: the portal's, as
 * shown (spec §9, cut at '@').
 */
export function Footer({ manager, version }: { manager: boolean; version?: string | null }) {
  return (
    <>
      {manager ? <HelpBanner /> : null}
      <PiedDePage
        Lien={LienRemix}
        version={version}
        liensSupplementaires={[
          // The household directory, public: for every visitor.
          { libelle: t("footer.trouverAccompagnateur"), href: "/trouver-un-accompagnateur" },
          ...(manager
            ? [
                {
                  libelle: t("footer.guideIntervenant"),
                  href: GUIDE_INTERVENANT_URL,
                  nouvelleFenetre: true,
                },
              ]
            : []),
        ]}
      />
    </>
  );
}

/** Managers' help banner (spec §2): who to write to about instruction. */
function HelpBanner() {
  const contact = t("application.contact");
  return (
    <div className="fr-container fr-mt-6w">
      <div className="fr-callout fr-icon-questionnaire-line fr-mb-4w">
        <p className="fr-callout__title">{t("footer.aide.titre")}</p>
        <p className="fr-callout__text">
          {t("footer.aide.description")} <a href={`mailto:${contact}`}>{contact}</a>
        </p>
      </div>
    </div>
  );
}
