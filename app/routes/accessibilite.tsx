import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { ContentPage } from "~/components/content-page";
import {
  ContenusNonAccessibles,
  EtablissementDeLaDeclaration,
  EtatDeConformite,
  ResultatsDesTests,
  RetourInformationEtContact,
  VoiesDeRecours,
} from "~/components/pages-legales/declaration-accessibilite";
import { pageTitle } from "~/utils/title";

const TITLE = "Déclaration d'accessibilité";

/** The portal's public address, named by the declaration. */
export function loader({ context }: LoaderFunctionArgs) {
  return { publicUrl: context.settings.publicUrl };
}

export const handle: BreadcrumbHandle = { breadcrumb: "Accessibilité" };

/**
 * `/accessibilite` (spec §2): accessibility declaration in the RGAA 4.1
 * model. The portal has not been audited yet, so it is declared
 * "non conforme" (as the footer says) and lists what is known.
 */
export default function Accessibilite() {
  const { publicUrl } = useLoaderData<typeof loader>();
  return (
    <ContentPage title={TITLE}>
      <p>
        L'Agence nationale de l'habitat (Anah) s'engage à rendre ses sites internet, intranet,
        extranet et ses progiciels accessibles, conformément à l'article 47 de la loi n° 2005-102 du
        11 février 2005.
      </p>
      <p>
        Cette déclaration d'accessibilité s'applique au portail des agréments Mon Accompagnateur
        Rénov', accessible à l'adresse <span className="fr-text--bold">{publicUrl}</span>.
      </p>

      <EtatDeConformite />
      <ResultatsDesTests />
      <ContenusNonAccessibles />
      <EtablissementDeLaDeclaration />
      <RetourInformationEtContact />
      <VoiesDeRecours />
      <p>
        Voir aussi les <Link to="/mentions-legales">mentions légales</Link> et la page{" "}
        <Link to="/donnees-personnelles">données personnelles</Link>.
      </p>
    </ContentPage>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];
