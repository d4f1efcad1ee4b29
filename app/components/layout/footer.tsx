import { Footer as DsfrFooter } from "@codegouvfr/react-dsfr/Footer";
import { t } from "~/i18n";

/**
 * Public page of France Rénov' on the Mon Accompagnateur Rénov' approval
 * (eligibility, steps, supporting documents, webinar): the managers' guide.
 */
export const GUIDE_INTERVENANT_URL =
  "https://france-renov.gouv.fr/mon-accompagnateur-renov/demande-agrement";

/** External sites of the footer (opened in a new window, titled as such). */
const EXTERNAL_DOMAINS = [
  "legifrance.gouv.fr",
  "gouvernement.fr",
  "service-public.fr",
  "data.gouv.fr",
  "anah.gouv.fr",
  "france-renov.gouv.fr",
];

/**
 * DSFR footer (spec §2 "Header and menu"): site map, accessibility
 * (non conforme until audited), legal notices, personal data, terms of use, cookie
 * management (a link: the page works without JavaScript) and external
 * links. Managers also get the "Guide de l'intervenant" link and, above the
 * footer, a help banner with the national team's address.
 */
export function Footer({ manager }: { manager: boolean }) {
  const newWindow = t("footer.nouvelleFenetre");
  return (
    <>
      {manager ? <HelpBanner /> : null}
      <DsfrFooter
        id="footer"
        accessibility="non compliant"
        brandTop={
          <>
            République
            <br />
            Française
          </>
        }
        homeLinkProps={{ to: "/", title: t("header.lienAccueil", { nom: t("application.nom") }) }}
        contentDescription={t("footer.description")}
        domains={EXTERNAL_DOMAINS}
        websiteMapLinkProps={{ to: "/plan-de-site" }}
        accessibilityLinkProps={{ to: "/accessibilite" }}
        termsLinkProps={{ to: "/mentions-legales" }}
        bottomItems={[
          { text: t("footer.donneesPersonnelles"), linkProps: { to: "/donnees-personnelles" } },
          { text: t("footer.cgu"), linkProps: { to: "/conditions-generales-utilisation" } },
          { text: t("footer.gestionCookies"), linkProps: { to: "/gestion-des-cookies" } },
          ...(manager
            ? [
                {
                  text: t("footer.guideIntervenant"),
                  linkProps: {
                    href: GUIDE_INTERVENANT_URL,
                    target: "_blank",
                    rel: "noopener noreferrer",
                    title: `${t("footer.guideIntervenant")} - ${newWindow}`,
                  },
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
