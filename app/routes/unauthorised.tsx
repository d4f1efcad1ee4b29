import type { MetaFunction } from "@remix-run/node";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { BoutonDeconnexion } from "~/components/deconnexion";
import { t } from "~/i18n";
import { pageTitle } from "~/utils/title";

export const handle: BreadcrumbHandle = { breadcrumb: t("nonAutorise.titre") };

/**
 * `/unauthorised` (spec §2, §6): where a signed-in user without any business
 * role lands. Title, subtitle, description, a contact link and the sign-out
 * button (a form); answers 200.
 */
export default function Unauthorised() {
  const contact = t("application.contact");
  return (
    <div className="fr-container">
      <div className="fr-my-7w fr-mt-md-12w fr-mb-md-10w fr-grid-row fr-grid-row--gutters fr-grid-row--middle fr-grid-row--center">
        <div className="fr-py-0 fr-col-12 fr-col-md-8">
          <h1>{t("nonAutorise.titre")}</h1>
          <p className="fr-text--lead fr-mb-3w">{t("nonAutorise.sousTitre")}</p>
          <p className="fr-mb-5w">{t("nonAutorise.description")}</p>
          <ul className="fr-btns-group fr-btns-group--inline-md fr-btns-group--icon-left">
            <li>
              <a className="fr-btn fr-icon-mail-line fr-btn--icon-left" href={`mailto:${contact}`}>
                {t("nonAutorise.contact")}
              </a>
            </li>
            <li>
              <BoutonDeconnexion className="fr-btn fr-btn--secondary fr-icon-logout-box-r-line fr-btn--icon-left" />
            </li>
          </ul>
          <p className="fr-text--sm">
            Adresse de contact : <a href={`mailto:${contact}`}>{contact}</a>
          </p>
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(t("nonAutorise.titre")) }];
