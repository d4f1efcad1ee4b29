import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  Link,
  useActionData,
  useLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { z } from "zod";
import {
  schemaEtape1,
  schemaEtape2,
  type DemandeDetail,
  type Manquant,
  type PeutCreer,
  type PeutEtreDepose,
} from "#contract/schemas/demande";
import type { Region } from "#contract/schemas/geographie";
import { LIBELLES_ACTION } from "#contract/schemas/instruction";
import { MESSAGES } from "#contract/validation";
import { ApiError, apiFetch, apiJson } from "~/.server/api.server";
import { requireRole } from "~/.server/auth.server";
import { redirectWithToast } from "~/.server/toast.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import {
  Etape1Structure,
  INTENT_COMMUNES_CODE_POSTAL,
} from "~/components/demande/formulaire/etape1-structure";
import { Etape2Activites } from "~/components/demande/formulaire/etape2-activites";
import { Etape3PiecesJustificatives } from "~/components/demande/formulaire/etape3-pieces-justificatives";
import {
  ACTIONS_DEPOT,
  Etape4Recapitulatif,
  INTENT_SOUMETTRE,
  actionDepot,
  type ActionDepot,
} from "~/components/demande/formulaire/etape4-recapitulatif";
import {
  ETATS_MODIFIABLES,
  UUID,
  chargerDemandeModifiable,
  chargerDepartements,
  communesDuCodePostal,
  departementsCouverts,
  donneesEtape1,
  erreursDeApi,
  pageNonTrouvee,
  procedureDe,
  procedureEtpDe,
  rechercherCommunes,
  rechercherEpcis,
  televerser,
} from "~/components/demande/formulaire/formulaire.server";
import { commentaireRetourEdition } from "~/components/demande/complement/complement";
import { decoderOption, type ResultatGeographie } from "~/components/demande/formulaire/geographie";
import {
  INTENT_RECHERCHE_COMMUNES,
  INTENT_RECHERCHE_EPCIS,
  type ChoixPerimetre,
  type RecherchePerimetre,
} from "~/components/demande/formulaire/perimetre";
import {
  ENTETE_TELEVERSEMENT,
  INTENT_SUPPRIMER,
} from "~/components/demande/formulaire/rubrique-pieces-jointes";
import {
  EtapesDemande,
  lireEtape,
  urlEtape,
  type NumeroEtape,
} from "~/components/demande/formulaire/stepper";
import { t } from "~/i18n";
import { pageTitle } from "~/utils/title";

/**
 * `/demande/formulaire?id=<uuid>&etape=<1..4>` (spec §2 request form in 4
 * steps; DESIGN §6 one URL per step), applicants only. Without id: a new
 * request at step 1 if `can/deposernouvelledemande` allows it, else the
 * reason. With id: the request (404 if unknown or another company's; a
 * request no longer in draft goes to its recap) and what the step needs;
 * without `etape`, the first step not complete (where a draft resumes).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "demandeur");
  const url = new URL(request.url);
  const id = url.searchParams.get("id");
  if (!id) {
    const peutCreer = await apiJson<PeutCreer>(
      request,
      context,
      "/api/demande/can/deposernouvelledemande",
    );
    if (!peutCreer.can)
      return {
        vue: "creationImpossible" as const,
        raison: peutCreer.raison ?? "Vous ne pouvez pas créer de nouvelle demande d'agrément.",
      };
    return {
      vue: "etape1" as const,
      etape: 1 as const,
      id: null,
      demande: null,
      ...(await donneesEtape1(request, context, null)),
    };
  }
  if (!UUID.test(id)) throw pageNonTrouvee();
  const demande = await chargerDemandeModifiable(request, context, id);
  const etape = lireEtape(url.searchParams.get("etape"));
  if (!etape) {
    const { etapesCompletes } = await procedureDe(request, context, id);
    const premiere = ([1, 2, 3] as const).find((numero) => !etapesCompletes[numero]) ?? 4;
    throw redirect(urlEtape(id, premiere));
  }
  switch (etape) {
    case 1:
      return {
        vue: "etape1" as const,
        etape,
        id,
        demande,
        ...(await donneesEtape1(request, context, demande)),
      };
    case 2: {
      const [regions, departements, procedureEtp] = await Promise.all([
        apiJson<Region[]>(request, context, "/api/regions"),
        chargerDepartements(request, context),
        procedureEtpDe(request, context, id),
      ]);
      return { vue: "etape2" as const, etape, id, demande, regions, departements, procedureEtp };
    }
    case 3:
      return {
        vue: "etape3" as const,
        etape,
        id,
        demande,
        procedure: await procedureDe(request, context, id),
      };
    case 4: {
      const [procedure, procedureEtp] = await Promise.all([
        procedureDe(request, context, id),
        procedureEtpDe(request, context, id),
      ]);
      return { vue: "etape4" as const, etape, id, demande, procedure, procedureEtp };
    }
  }
}

export const handle: BreadcrumbHandle = { breadcrumb: "Demande d'agrément" };

/** A search post is checked against nothing: it saves nothing, it keeps what was typed. */
const schemaRecherche = z.object({}).passthrough();

/** Values of a repeated form field, empty ones dropped. */
function liste(formData: FormData, name: string): string[] {
  return formData
    .getAll(name)
    .map(String)
    .filter((value) => value !== "");
}

/** Names posted with the options displayed (hidden `code|nom` fields). */
function nomsPostes(formData: FormData, name: string): ResultatGeographie[] {
  const noms = new Map<string, string>();
  for (const value of formData.getAll(name)) {
    const option = decoderOption(value);
    if (option) noms.set(option.code, option.nom);
  }
  return [...noms].map(([code, nom]) => ({ code, nom }));
}

function toastBrouillon(etape: 1 | 2) {
  return {
    type: "success" as const,
    titre: t("notification.titre.success"),
    description: t(`notification.action.success.demande.ENREGISTRE_BROUILLON_STEP_${etape}`),
  };
}

/**
 * Step 1: `communes` re-renders the form with the communes of the posted
 * postal code (nothing saved); `enregistrer`/`suivant` check with the
 * shared schema, then create the request (POST /api/demande) or save step 1
 * (PUT …/step/1) and go to step 1 with a notification, or to step 2.
 */
async function actionEtape1(
  request: Request,
  context: AppLoadContext,
  id: string | null,
  formData: FormData,
) {
  const intent = formData.get("intent");
  const codePostal = String(formData.get("codePostal") ?? "").trim();
  const communes = await communesDuCodePostal(request, context, codePostal);
  const reponse = (lastResult: SubmissionResult<string[]>) =>
    data(
      { vue: "etape1" as const, cle: crypto.randomUUID(), lastResult, communes },
      { status: 422 },
    );

  if (intent === INTENT_COMMUNES_CODE_POSTAL) {
    const submission = parseWithZod(formData, { schema: schemaRecherche });
    const erreur = !/^\d{5}$/.test(codePostal)
      ? MESSAGES.codePostal
      : communes.length === 0
        ? "Aucune commune ne correspond à ce code postal."
        : null;
    return data({
      vue: "etape1" as const,
      cle: crypto.randomUUID(),
      lastResult: submission.reply(erreur ? { fieldErrors: { codePostal: [erreur] } } : {}),
      communes,
    });
  }

  const submission = parseWithZod(formData, { schema: schemaEtape1() });
  if (submission.status !== "success") return reponse(submission.reply());
  let demande: DemandeDetail;
  try {
    const response = await apiFetch(
      request,
      context,
      id ? `/api/demande/${id}/step/1` : "/api/demande",
      {
        method: id ? "PUT" : "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(submission.value),
      },
    );
    demande = (await response.json()) as DemandeDetail;
  } catch (error) {
    return reponse(submission.reply(erreursDeApi(error)));
  }
  if (intent === "suivant") return redirect(urlEtape(demande.id, 2));
  return redirectWithToast(urlEtape(demande.id, 1), toastBrouillon(1), { request, context });
}

/**
 * Step 2: `epcis`/`communes` run the search and re-render every posted
 * value (nothing saved); `enregistrer`/`suivant` check with the shared
 * schema, drop the départements of ticked régions (they are covered), save
 * step 2 (PUT …/step/2) and go to step 2 with a notification, or to step 3.
 */
async function actionEtape2(
  request: Request,
  context: AppLoadContext,
  id: string,
  formData: FormData,
) {
  const intent = formData.get("intent");
  const departements = await chargerDepartements(request, context);
  const choix: ChoixPerimetre = {
    regions: liste(formData, "regions"),
    departements: liste(formData, "departements"),
    epcis: liste(formData, "epcis"),
    communes: liste(formData, "communes"),
  };
  // Without JavaScript a département stays ticked under its ticked région.
  const regionsCochees = new Set(choix.regions);
  choix.departements = choix.departements.filter(
    (code) => !regionsCochees.has(departements.find((d) => d.code === code)?.codeRegion ?? ""),
  );
  const noms = {
    epcis: nomsPostes(formData, "libellesEpcis"),
    communes: nomsPostes(formData, "libellesCommunes"),
  };
  const reponse = (
    lastResult: SubmissionResult<string[]>,
    recherche: RecherchePerimetre | null,
    status = 422,
  ) =>
    data(
      { vue: "etape2" as const, cle: crypto.randomUUID(), lastResult, choix, noms, recherche },
      { status },
    );

  if (intent === INTENT_RECHERCHE_EPCIS || intent === INTENT_RECHERCHE_COMMUNES) {
    const submission = parseWithZod(formData, { schema: schemaRecherche });
    const resultat =
      intent === INTENT_RECHERCHE_EPCIS
        ? await rechercherEpcis(request, context, String(formData.get("rechercheEpci") ?? ""))
        : await rechercherCommunes(
            request,
            context,
            String(formData.get("rechercheCommune") ?? ""),
            departementsCouverts(departements, choix.regions, choix.departements),
          );
    return reponse(submission.reply(), { type: intent, resultat }, 200);
  }

  const submission = parseWithZod(formData, { schema: schemaEtape2 });
  if (submission.status !== "success") return reponse(submission.reply(), null);
  try {
    await apiFetch(request, context, `/api/demande/${id}/step/2`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...submission.value, departements: choix.departements }),
    });
  } catch (error) {
    return reponse(submission.reply(erreursDeApi(error)), null);
  }
  if (intent === "suivant") return redirect(urlEtape(id, 3));
  return redirectWithToast(urlEtape(id, 2), toastBrouillon(2), { request, context });
}

/**
 * Step 3: a multipart post is an upload, streamed to POST …/pj (the rubric
 * is in the URL); a refused upload re-renders with the API's messages next
 * to that rubric. `supprimer` deletes a file (DELETE …/pj/{fileId});
 * `enregistrer` confirms; `suivant` goes to the summary.
 */
async function actionEtape3(
  request: Request,
  context: AppLoadContext,
  id: string,
  rubrique: string,
) {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (contentType.startsWith("multipart/form-data")) {
    const { ajoutes, erreurs } = await televerser(request, context, id);
    const resultat = { vue: "etape3" as const, cle: crypto.randomUUID(), rubrique, erreurs };
    if (erreurs.length) return data(resultat, { status: 422 });
    // The upload script reloads the page's data itself: no redirect, no toast to lose.
    if (request.headers.get(ENTETE_TELEVERSEMENT)) return data(resultat);
    return redirectWithToast(
      `${urlEtape(id, 3)}#pj-${encodeURIComponent(rubrique)}`,
      {
        type: "success",
        titre: t("notification.titre.success"),
        description:
          ajoutes > 1
            ? `${ajoutes} fichiers ont bien été ajoutés.`
            : t("notification.success.pieceJointeAjoutee"),
      },
      { request, context },
    );
  }
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === INTENT_SUPPRIMER) {
    const fileId = String(formData.get("fileId") ?? "");
    if (!UUID.test(fileId)) throw pageNonTrouvee();
    try {
      await apiFetch(request, context, `/api/demande/${id}/pj/${fileId}`, { method: "DELETE" });
    } catch (error) {
      const { formErrors, fieldErrors } = erreursDeApi(error);
      return data(
        {
          vue: "etape3" as const,
          cle: crypto.randomUUID(),
          rubrique: "",
          erreurs: [],
          erreur: [...formErrors, ...Object.values(fieldErrors).flat()].join(" "),
        },
        { status: 409 },
      );
    }
    const ancre = String(formData.get("rubrique") ?? "");
    return redirectWithToast(
      `${urlEtape(id, 3)}${ancre ? `#pj-${encodeURIComponent(ancre)}` : ""}`,
      {
        type: "success",
        titre: t("notification.titre.success"),
        description: t("notification.success.pieceJointeSupprimee"),
      },
      { request, context },
    );
  }
  if (intent === "suivant") return redirect(urlEtape(id, 4));
  return redirectWithToast(
    urlEtape(id, 3),
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: "Le brouillon de la demande a bien été enregistré.",
    },
    { request, context },
  );
}

/**
 * What still prevents the deposit: `canBe/depose` for a draft; for a
 * request returned for edition (which `canBe/depose` does not cover), the
 * procedure's missing items.
 */
async function manquantsDuDepot(
  request: Request,
  context: AppLoadContext,
  id: string,
  depot: ActionDepot,
): Promise<{ depose: boolean; manquants: Manquant[] }> {
  if (depot === "DEPOSER")
    return apiJson<PeutEtreDepose>(request, context, `/api/demande/${id}/canBe/depose`);
  const { manquants } = await procedureDe(request, context, id);
  return { depose: manquants.length === 0, manquants };
}

/**
 * Step 4 "Soumettre" (spec §5 Deposit, §4 effects): a draft is deposited
 * with DEPOSER, a request returned for edition with DEPOSER_EN_EDITION
 * (DESIGN §3), chosen from the request's state. What is missing comes
 * first; when something is, the page comes back listing it (the procedure
 * is loaded again with the page). Else POST …/action with the version
 * seen, then the confirmation page with the action as `actionType`. A
 * second click, or a 409 from a deposit that already went through, also
 * lands on the confirmation (of the deposit the page showed: `depot`).
 */
async function actionEtape4(
  request: Request,
  context: AppLoadContext,
  id: string,
  formData: FormData,
) {
  const depotAffiche = ACTIONS_DEPOT.find((action) => action === formData.get("depot"));
  const confirmation = (depot: ActionDepot) =>
    `/demande/demande/confirmation/${id}?actionType=${depot}`;
  const lire = () => apiJson<DemandeDetail>(request, context, `/api/demande/${id}`);
  const dejaDeposee = (demande: DemandeDetail) =>
    demande.dateDepot !== null && !ETATS_MODIFIABLES.includes(demande.etat);
  if (formData.get("intent") !== INTENT_SOUMETTRE) return redirect(urlEtape(id, 4));
  const demande = await lire();
  if (dejaDeposee(demande)) return redirect(confirmation(depotAffiche ?? "DEPOSER"));
  const depot = actionDepot(demande.etat);
  const verification = await manquantsDuDepot(request, context, id, depot);
  if (!verification.depose) {
    // A second click may read the procedure just after the first deposit committed.
    if (dejaDeposee(await lire())) return redirect(confirmation(depot));
    return data(
      {
        vue: "etape4" as const,
        cle: crypto.randomUUID(),
        manquants: verification.manquants,
        erreur: verification.manquants.length
          ? null
          : "La demande ne peut pas être déposée en l'état. Rechargez la page et réessayez.",
      },
      { status: 422 },
    );
  }
  const corps = new URLSearchParams({ action: depot });
  const version = String(formData.get("version") ?? "");
  if (/^\d+$/.test(version)) corps.set("version", version);
  try {
    await apiFetch(request, context, `/api/demande/${id}/action`, { method: "POST", body: corps });
  } catch (error) {
    if (!(error instanceof ApiError) || ![403, 409, 422].includes(error.status)) throw error;
    if (dejaDeposee(await lire())) return redirect(confirmation(depot));
    const manquants =
      error.status === 422 ? (await manquantsDuDepot(request, context, id, depot)).manquants : [];
    return data(
      {
        vue: "etape4" as const,
        cle: crypto.randomUUID(),
        manquants,
        erreur: manquants.length ? null : error.message || t("notification.error.conflit"),
      },
      { status: error.status },
    );
  }
  return redirectWithToast(
    confirmation(depot),
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: t(`notification.action.success.demande.${depot}`),
    },
    { request, context },
  );
}

/**
 * Posts of the form, by step (`etape` of the URL) and `intent`. Applicants
 * only; a request no longer in draft goes to its recap (or, just
 * deposited, to the confirmation).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, "demandeur");
  const url = new URL(request.url);
  const id = url.searchParams.get("id");
  if (id !== null && !UUID.test(id)) throw pageNonTrouvee();
  const etape: NumeroEtape = (id ? lireEtape(url.searchParams.get("etape")) : 1) ?? 1;
  if (!id) return actionEtape1(request, context, null, await request.formData());
  if (etape === 3)
    return actionEtape3(request, context, id, url.searchParams.get("rubrique") ?? "");
  const formData = await request.formData();
  if (etape === 4) return actionEtape4(request, context, id, formData);
  if (etape === 1) return actionEtape1(request, context, id, formData);
  return actionEtape2(request, context, id, formData);
}

/** Searches re-render the posted form: the loaders' data has not changed. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  defaultShouldRevalidate,
}) => {
  const intent = formData?.get("intent");
  if (
    intent === INTENT_COMMUNES_CODE_POSTAL ||
    intent === INTENT_RECHERCHE_EPCIS ||
    intent === INTENT_RECHERCHE_COMMUNES
  )
    return false;
  return defaultShouldRevalidate;
};

/**
 * The form's page: title, DSFR stepper and the current step's form (or why
 * no new request can be started), fed by the loader and, after a refused
 * post or a search without JavaScript, by the action's answer (each answer
 * remounts the step so conform and the pickers start from the posted values).
 */
export default function FormulaireDemande() {
  const donnees = useLoaderData<typeof loader>();
  const resultat = useActionData<typeof action>();

  if (donnees.vue === "creationImpossible") {
    return (
      <div className="fr-container fr-py-6w">
        <h1>Demande d'agrément</h1>
        <div className="fr-alert fr-alert--info fr-mb-4w">
          <h2 className="fr-alert__title">Vous ne pouvez pas créer de nouvelle demande</h2>
          <p>{donnees.raison}</p>
        </div>
        <Link className="fr-btn" to="/">
          Retour à l'accueil
        </Link>
      </div>
    );
  }

  const etape = donnees.etape;
  return (
    <div className="fr-container fr-py-6w">
      <h1>Demande d'agrément</h1>
      {donnees.demande?.etat === "en_edition" ? (
        <RetourEdition
          commentaire={commentaireRetourEdition(donnees.demande.infosComplementaires)}
        />
      ) : null}
      <EtapesDemande etape={etape} />
      {donnees.vue === "etape1" ? (
        <Etape1Structure
          key={resultat?.vue === "etape1" ? resultat.cle : "chargement"}
          id={donnees.id}
          valeurs={donnees.demande?.etape1 ?? null}
          societe={donnees.societe}
          formesJuridiques={donnees.formesJuridiques}
          communes={resultat?.vue === "etape1" ? resultat.communes : donnees.communes}
          lastResult={resultat?.vue === "etape1" ? resultat.lastResult : null}
        />
      ) : null}
      {donnees.vue === "etape2" ? (
        <Etape2Activites
          key={resultat?.vue === "etape2" ? resultat.cle : "chargement"}
          id={donnees.id}
          regions={donnees.regions}
          departements={donnees.departements}
          procedureEtp={donnees.procedureEtp}
          valeurs={donnees.demande.etape2}
          choix={
            resultat?.vue === "etape2"
              ? resultat.choix
              : {
                  regions: donnees.demande.etape2?.regions ?? [],
                  departements: donnees.demande.etape2?.departements ?? [],
                  epcis: donnees.demande.etape2?.epcis ?? [],
                  communes: donnees.demande.etape2?.communes ?? [],
                }
          }
          noms={
            resultat?.vue === "etape2"
              ? {
                  epcis: [...donnees.demande.libelles.epcis, ...resultat.noms.epcis],
                  communes: [...donnees.demande.libelles.communes, ...resultat.noms.communes],
                }
              : {
                  epcis: donnees.demande.libelles.epcis,
                  communes: donnees.demande.libelles.communes,
                }
          }
          recherche={resultat?.vue === "etape2" ? resultat.recherche : null}
          lastResult={resultat?.vue === "etape2" ? resultat.lastResult : null}
        />
      ) : null}
      {donnees.vue === "etape3" ? (
        <Etape3PiecesJustificatives
          id={donnees.id}
          procedure={donnees.procedure}
          televersement={resultat?.vue === "etape3" ? resultat : null}
          erreur={resultat?.vue === "etape3" && "erreur" in resultat ? resultat.erreur : null}
        />
      ) : null}
      {donnees.vue === "etape4" ? (
        <Etape4Recapitulatif
          demande={donnees.demande}
          procedure={donnees.procedure}
          procedureEtp={donnees.procedureEtp}
          manquants={resultat?.vue === "etape4" ? resultat.manquants : null}
          erreur={resultat?.vue === "etape4" ? resultat.erreur : null}
        />
      ) : null}
    </div>
  );
}

/**
 * Above the steps of a request returned for edition (DESIGN §3 en_edition):
 * why it came back (the instructor's comment) and how to deposit it again.
 */
function RetourEdition({ commentaire }: { commentaire: string | null }) {
  return (
    <div className="fr-alert fr-alert--warning fr-mb-4w">
      <h2 className="fr-alert__title">Votre demande vous a été retournée pour modification</h2>
      {commentaire ? (
        <p className="portail-pre-line">
          <strong>Commentaire du service instructeur :</strong> {commentaire}
        </p>
      ) : null}
      <p>
        Modifiez les étapes concernées, puis déposez de nouveau votre demande depuis le
        récapitulatif avec « {LIBELLES_ACTION.DEPOSER_EN_EDITION} ».
      </p>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Formulaire de demande") }];
