import { Alert } from "@codegouvfr/react-dsfr/Alert";
import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { TypeDossier } from "#contract/etats";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { FormulaireComplement } from "~/components/demande/complement/formulaire-complement";
import { DESCRIPTIONS_DOSSIER } from "~/components/dossier/types-dossier";
import { dateFr } from "~/utils/dates";
import { pageTitle } from "~/utils/title";
import type { chargerCompletude, envoyerCompletude } from "./completude.server";

/**
 * The completeness page (spec §2, §4 DONNER_COMPLEMENT) of either type of
 * case file (ADR 0044): the file's title and badge, what the service asked
 * (reason, date, deadline "JJ/MM/AAAA", "Délai dépassé" once passed) and
 * the answer form; when no answer is awaited, why, and a link back to where
 * the applicant follows the file.
 */
export function PageCompletude() {
  const { type, demande, disponible, raison, dateDemande, dateEcheance, delaiDepasse, limites } =
    useLoaderData<typeof chargerCompletude>();
  const resultat = useActionData<typeof envoyerCompletude>();
  const description = DESCRIPTIONS_DOSSIER[type];
  return (
    <div className="fr-container fr-pb-6w">
      <div className="fr-grid-row">
        <div className="fr-col-12 fr-col-md-10 fr-col-lg-8">
          <h1>{description.titreCompletude}</h1>
          <p className="fr-text--lead fr-mb-1w">{description.titre(demande)}</p>
          <description.Badge dossier={demande} className="fr-mb-4w" />
          {disponible && limites ? (
            <>
              <section className="fr-callout fr-mb-4w" aria-labelledby="demande-pieces-titre">
                <h2 className="fr-callout__title" id="demande-pieces-titre">
                  Ce que demande le service instructeur
                </h2>
                {dateDemande ? (
                  <p className="fr-text--sm fr-mb-1w">Demande du {dateFr(dateDemande)}</p>
                ) : null}
                <p className="fr-callout__text portail-pre-line">
                  {raison ?? "Le service instructeur attend des pièces complémentaires."}
                </p>
                {dateEcheance ? (
                  <p className="fr-mt-2w fr-mb-0">
                    À transmettre avant le <strong>{dateFr(dateEcheance)}</strong>
                    {delaiDepasse ? (
                      <span className="fr-badge fr-badge--error fr-badge--sm fr-ml-1w">
                        Délai dépassé
                      </span>
                    ) : null}
                  </p>
                ) : null}
              </section>
              {delaiDepasse ? (
                <Alert
                  className="fr-mb-4w"
                  severity="warning"
                  small
                  description="Le délai de réponse est dépassé. Vous pouvez encore transmettre les pièces demandées : le service instructeur décidera de la suite à donner à votre demande."
                />
              ) : null}
              <FormulaireComplement
                version={demande.version}
                limites={limites}
                lastResult={resultat?.lastResult ?? null}
                urlEnvoi={`${description.urlCompletude(demande.id)}/envoi`}
              />
            </>
          ) : (
            <>
              <Alert
                className="fr-mb-4w"
                severity="info"
                as="h2"
                title="Aucun complément n'est attendu pour cette demande"
                description={
                  resultat?.lastResult?.error?.[""]?.join(" ") ??
                  "Le service instructeur ne vous demande pas de pièces complémentaires pour le moment. Vous serez averti par courriel s'il en a besoin."
                }
              />
              <Link className="fr-btn fr-btn--secondary" to={description.espace.href}>
                {description.espace.retour}
              </Link>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

/** The breadcrumb's last entry, for both types. */
export const HANDLE_COMPLETUDE: BreadcrumbHandle = { breadcrumb: "Compléter ma demande" };

/** The page title of a type's completeness page. */
export function metaCompletude(type: TypeDossier): MetaFunction {
  return () => [{ title: pageTitle(DESCRIPTIONS_DOSSIER[type].titreCompletude) }];
}
