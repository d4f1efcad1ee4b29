import type { MetaFunction } from "@remix-run/node";
import { CGU_VERSION } from "#contract/cgu";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { ContentPage } from "~/components/content-page";
import {
  ArticleAcces,
  ArticleCompte,
  ArticleDonneesPersonnelles,
  ArticleDroitApplicable,
  ArticleEvolution,
  ArticleNotifications,
  ArticleObjet,
  ArticleObligations,
  ArticleResponsabilite,
} from "~/components/pages-legales/articles-cgu";
import { pageTitle } from "~/utils/title";

const TITLE = "Conditions générales d'utilisation";

export const handle: BreadcrumbHandle = { breadcrumb: TITLE };

/**
 * `/conditions-generales-utilisation` (spec §2 Modals "terms of use", §3
 * Applicant account): the terms an applicant accepts at account creation
 * and on the blocking terms form, version `CGU_VERSION`. Public, and
 * reachable while the terms are not accepted.
 */
export default function ConditionsGeneralesUtilisation() {
  return (
    <ContentPage
      title={TITLE}
      lead="Ces conditions encadrent l'utilisation du portail des agréments Mon Accompagnateur Rénov' par les structures candidates et agréées."
    >
      <p className="fr-badge fr-badge--info fr-badge--no-icon">Version {CGU_VERSION}</p>

      <ArticleObjet />
      <ArticleAcces />
      <ArticleCompte />
      <ArticleObligations />
      <ArticleNotifications />
      <ArticleDonneesPersonnelles />
      <ArticleResponsabilite />
      <ArticleEvolution />
      <ArticleDroitApplicable />
    </ContentPage>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];
