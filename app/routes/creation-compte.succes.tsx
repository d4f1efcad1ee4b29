import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { VALIDITE_LIEN_CONFIRMATION_HEURES } from "#contract/schemas/candidat";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { ContentPage } from "~/components/content-page";
import { pageTitle } from "~/utils/title";

const TITLE = "Demande de création de compte enregistrée";

export const handle: BreadcrumbHandle = { breadcrumb: "Compte créé" };

/**
 * `/creation-compte/succes` (spec §2 "Account creation and its success
 * page", §3 "Account creation stays pending e-mail confirmation", §9 72
 * hours): asks to follow the link sent by e-mail and offers a new link.
 * The same page whether or not the address already had an account: the
 * mail tells its owner which case it is.
 */
export default function CreationCompteSucces() {
  return (
    <ContentPage title={TITLE}>
      <div className="fr-alert fr-alert--success fr-mb-4w" role="status">
        <h2 className="fr-alert__title">
          Plus qu'une étape : confirmez votre adresse électronique
        </h2>
        <p>
          Un courriel vient d'être envoyé à l'adresse indiquée. Cliquez sur le lien qu'il contient
          dans les {VALIDITE_LIEN_CONFIRMATION_HEURES} heures pour activer votre compte. Si un
          compte existait déjà avec cette adresse, ce courriel vous l'indique et vous invite à vous
          connecter.
        </p>
      </div>
      <p>
        Passé ce délai, le compte non confirmé et les informations saisies sont supprimés : il
        faudra recommencer la création du compte.
      </p>
      <p>
        Vous n'avez rien reçu ? Vérifiez votre dossier de courriers indésirables, puis demandez un
        nouveau lien.
      </p>
      <ul className="fr-btns-group fr-btns-group--inline-md">
        <li>
          <Link className="fr-btn fr-btn--secondary" to="/creation-compte/nouveau-lien">
            Recevoir un nouveau lien
          </Link>
        </li>
      </ul>
    </ContentPage>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];
