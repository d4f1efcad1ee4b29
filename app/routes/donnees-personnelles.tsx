import type { MetaFunction } from "@remix-run/node";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { ContentPage } from "~/components/content-page";
import {
  BaseLegale,
  CookiesDuPortail,
  Destinataires,
  DonneesTraitees,
  DureesDeConservation,
  Finalites,
  ResponsableDuTraitement,
  VosDroits,
} from "~/components/pages-legales/notice-donnees-personnelles";
import { pageTitle } from "~/utils/title";

const TITLE = "Données personnelles";

export const handle: BreadcrumbHandle = { breadcrumb: TITLE };

/**
 * `/donnees-personnelles` (spec §2): the GDPR notice of the approval
 * processing: controller, purposes, legal basis, data, retention,
 * recipients, rights, DPO and CNIL.
 */
export default function DonneesPersonnelles() {
  return (
    <ContentPage
      title={TITLE}
      lead="Cette page explique comment l'Anah traite les données personnelles recueillies par le portail des agréments Mon Accompagnateur Rénov' et comment exercer vos droits."
    >
      <ResponsableDuTraitement />
      <Finalites />
      <BaseLegale />
      <DonneesTraitees />
      <DureesDeConservation />
      <Destinataires />
      <VosDroits />
      <CookiesDuPortail />
    </ContentPage>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];
