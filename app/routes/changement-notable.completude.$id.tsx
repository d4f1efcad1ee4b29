import { Alert } from "@codegouvfr/react-dsfr/Alert";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { aujourdhuiParis } from "#contract/validation";
import { callEndpoint, lireDemande } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { redirectWithToast } from "~/.server/toast.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { BREADCRUMB_PARENTS_KEY } from "~/components/breadcrumb-segments";
import { BadgeChangement } from "~/components/changement-notable/carte-changement";
import {
  URL_MES_CHANGEMENTS,
  titreChangement,
  urlCompletudeChangement,
} from "~/components/changement-notable/extension";
import { procedureChangement } from "~/components/changement-notable/extension.server";
import { actionDisponible } from "~/components/demande/carte-demande";
import {
  demandeDePiecesEnCours,
  echeanceDepassee,
  limitesComplement,
} from "~/components/demande/complement/complement";
import {
  toastComplement,
  transmettreComplement,
  urlConfirmationComplement,
} from "~/components/demande/complement/complement.server";
import { FormulaireComplement } from "~/components/demande/complement/formulaire-complement";
import { UUID, pageNonTrouvee } from "~/components/demande/formulaire/formulaire.server";
import { dateFr } from "~/utils/dates";
import { pageTitle } from "~/utils/title";

const TITRE = "Compléter ma demande de changement notable";

/**
 * `/changement-notable/completude/{id}` (spec §2 child of
 * /mes-demandes-changement-notable; DESIGN §3 DONNER_COMPLEMENT), applicants
 * only, as the approval request's completeness page (same components):
 * the notable change (`GET /api/changement-notable/{id}`, 404 when unknown
 * or another company's), whether DONNER_COMPLEMENT is available now, what
 * the instructor asked (reason, deadline) and the upload limits
 * (`GET /api/changement-notable/procedure?type=extension_perimetre&id=…`).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "demandeur");
  const id = params.id ?? "";
  if (!UUID.test(id)) throw pageNonTrouvee();
  const demande = await callEndpoint(request, context, lireDemande, {
    params: { kind: "changement-notable", id },
  });
  const disponible = actionDisponible(demande, "DONNER_COMPLEMENT");
  const info = demandeDePiecesEnCours(demande.infosComplementaires);
  const dateEcheance = info?.dateEcheance ?? demande.dateEcheance;
  return {
    demande: {
      id: demande.id,
      numeroDossier: demande.numeroDossier,
      statutSimplifie: demande.statutSimplifie,
      etat: demande.etat,
      version: demande.version,
    },
    disponible,
    raison: info?.raison ?? null,
    dateDemande: info?.date ?? null,
    dateEcheance,
    delaiDepasse:
      Boolean(info?.delaiDepasse) ||
      demande.etatNormalise === "complement_demande_completude_delai_depasse" ||
      echeanceDepassee(dateEcheance, aujourdhuiParis()),
    limites: disponible ? limitesComplement(await procedureChangement(request, context, id)) : null,
    [BREADCRUMB_PARENTS_KEY]: [
      { label: "Mes demandes de changement notable", href: URL_MES_CHANGEMENTS },
    ],
  };
}

/**
 * Sends the answer (spec §4 DONNER_COMPLEMENT) posted by the plain form
 * (see `transmettreComplement`): a refusal gives the page again with the
 * French messages next to the fields and the comment kept (422), or with
 * the current state and the message (409 changed meanwhile, 403 no longer
 * awaited); success → the confirmation page with
 * `actionType=DONNER_COMPLEMENT` and a notification. With JavaScript the
 * form posts to the upload endpoint instead (…/envoi).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireRole(request, context, "demandeur");
  const id = params.id ?? "";
  if (!UUID.test(id)) throw pageNonTrouvee();
  const resultat = await transmettreComplement(request, context, id, "changement-notable");
  if (!resultat.ok) return data({ lastResult: resultat.lastResult }, { status: resultat.status });
  return redirectWithToast(
    urlConfirmationComplement(id, "changement-notable"),
    toastComplement("changement-notable"),
    { request, context },
  );
}

export const handle: BreadcrumbHandle = { breadcrumb: "Compléter ma demande" };

/**
 * The completeness page: the request's title and badge, what the service
 * asked (reason, deadline "JJ/MM/AAAA", "Délai dépassé" once passed) and
 * the answer form; when no answer is awaited, why, and a link home.
 */
export default function CompletudeChangement() {
  const { demande, disponible, raison, dateDemande, dateEcheance, delaiDepasse, limites } =
    useLoaderData<typeof loader>();
  const resultat = useActionData<typeof action>();
  return (
    <div className="fr-container fr-pb-6w">
      <div className="fr-grid-row">
        <div className="fr-col-12 fr-col-md-10 fr-col-lg-8">
          <h1>{TITRE}</h1>
          <p className="fr-text--lead fr-mb-1w">{titreChangement(demande)}</p>
          <BadgeChangement demande={demande} className="fr-mb-4w" />
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
                id={demande.id}
                version={demande.version}
                limites={limites}
                lastResult={resultat?.lastResult ?? null}
                urlEnvoi={`${urlCompletudeChangement(demande.id)}/envoi`}
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
              <Link className="fr-btn fr-btn--secondary" to={URL_MES_CHANGEMENTS}>
                Retour à mes demandes de changement notable
              </Link>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITRE) }];
