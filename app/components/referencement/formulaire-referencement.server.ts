/**
 * Server side of `/referencement/nouveau` (spec §2 referencing form, §7
 * POST /api/agrement/{id}/etablissement, §8 success messages): what the
 * form needs, and its posts.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type AppLoadContext } from "@remix-run/node";
import type { Agrement } from "#contract/schemas/agrement";
import {
  schemaReferencementEtablissement,
  type EtablissementRegistre,
} from "#contract/schemas/etablissement";
import { MESSAGES } from "#contract/validation";
import { ApiError } from "~/.server/api.server";
import { callEndpoint } from "~/.server/api-client.server";
import { redirectWithToast } from "~/.server/toast.server";
import type { ResultatGeographie } from "~/components/demande/formulaire/geographie";
import {
  communesDuCodePostal,
  erreursDeApi,
} from "~/components/demande/formulaire/formulaire.server";
import { schemaRecherche } from "~/components/demande/formulaire/schema-recherche";
import { t } from "~/i18n";
import { lireEtpRequis, referencerEtablissement } from "./api.server";
import {
  INTENT_ADRESSE_REGISTRE,
  INTENT_COMMUNES_CODE_POSTAL,
  type ValeursReferencement,
} from "./champs-referencement";
import { recherchePerimetre } from "./etablissement.server";
import type { FormulaireReferencementProps } from "./formulaire-referencement";
import {
  CHOIX_VIDE,
  estRecherchePerimetre,
  type ChoixPerimetreEtablissement,
  type RecherchePerimetreEtablissement,
} from "./perimetre-etablissement";
import { MESSAGE_REGISTRE_INDISPONIBLE } from "./presentation";
import {
  chargerEtablissementsAReferencer,
  exigerAgrementReferencement,
  optionsPerimetre,
  perimetrePoste,
} from "./referencement.server";

/** Why the form is not shown: the approval is suspended (spec §4), nothing left, or no registry. */
export type RaisonSansFormulaire = "suspendu" | "tousReferences" | "registreIndisponible";

/** What `/referencement/nouveau` shows: the form, or why there is none. */
export type DonneesReferencement =
  | ({ vue: "formulaire"; numeroAgrement: string } & Omit<
      FormulaireReferencementProps,
      "recherche" | "lastResult"
    >)
  | { vue: "sansFormulaire"; numeroAgrement: string; raison: RaisonSansFormulaire };

/** What a post that did not reference gives back: the form as posted, and the search if any. */
export interface ResultatReferencement {
  /** A new key per answer: the form remounts from the posted values. */
  cle: string;
  lastResult: SubmissionResult<string[]>;
  choix: ChoixPerimetreEtablissement;
  communes: ResultatGeographie[];
  recherche: RecherchePerimetreEtablissement | null;
}

/** The starting values of the form for one registry establishment: its SIRET, name and address. */
function valeursDuRegistre(etablissement: EtablissementRegistre): ValeursReferencement {
  return {
    siret: etablissement.siret,
    nom: etablissement.nomInsee,
    adresse1: etablissement.adresse1,
    adresse2: etablissement.adresse2 ?? "",
    codePostal: etablissement.codePostal,
    codeCommune: etablissement.codeCommune ?? "",
  };
}

/**
 * The form's data (guard first: see `exigerAgrementReferencement`): the
 * registry's establishments not referenced yet, whether ETP and referent
 * are required, the approval's régions and départements; with a single
 * registry establishment it is chosen and its address filled in. A
 * suspended approval, nothing left to reference or the registry not
 * answering give the reason instead of the form.
 */
export async function chargerReferencement(
  request: Request,
  context: AppLoadContext,
): Promise<DonneesReferencement> {
  const agrement = await exigerAgrementReferencement(request, context);
  const numeroAgrement = agrement.numeroAgrement;
  if (agrement.etat !== "en_cours")
    return { vue: "sansFormulaire", numeroAgrement, raison: "suspendu" };
  const [registre, { etpRequired }, options] = await Promise.all([
    chargerEtablissementsAReferencer(request, context, agrement.id),
    callEndpoint(request, context, lireEtpRequis, { params: { id: agrement.id } }),
    optionsPerimetre(request, context, agrement),
  ]);
  if (registre === null)
    return { vue: "sansFormulaire", numeroAgrement, raison: "registreIndisponible" };
  if (registre.length === 0)
    return { vue: "sansFormulaire", numeroAgrement, raison: "tousReferences" };
  const valeurs = registre.length === 1 ? valeursDuRegistre(registre[0]) : {};
  return {
    vue: "formulaire",
    numeroAgrement,
    etpRequired,
    registre,
    options,
    valeurs,
    choix: CHOIX_VIDE,
    communes: await communesDuCodePostal(request, context, valeurs.codePostal),
  };
}

/**
 * Posts of the form. `communesCodePostal`, `adresseRegistre` (the chosen
 * establishment's name if empty, and address), `rechercheEpcis` and
 * `rechercheCommunes` come back with the form as posted (nothing saved).
 * Otherwise the shared schema checks it, then POST /api/agrement/{id}/
 * etablissement references it and the applicant goes to /referencement
 * with "L'établissement a bien été référencé", or "Tous les établissements
 * ont bien été référencés" when it was the last of the registry (spec §8).
 * A refusal (schema, API 422 on the fields, 403 of a suspended approval as
 * the form's error) answers 422 with every value kept.
 */
export async function posterReferencement(request: Request, context: AppLoadContext) {
  const agrement: Agrement = await exigerAgrementReferencement(request, context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const choix = perimetrePoste(formData);
  let recherche: RecherchePerimetreEtablissement | null = null;
  let erreurs: Record<string, string[]> = {};

  const reponse = async (lastResult: SubmissionResult<string[]>, status: number) =>
    data(
      {
        cle: crypto.randomUUID(),
        lastResult,
        choix,
        communes: await communesDuCodePostal(
          request,
          context,
          String(formData.get("codePostal") ?? ""),
        ),
        recherche,
      } satisfies ResultatReferencement,
      { status },
    );

  if (intent === INTENT_ADRESSE_REGISTRE) {
    const registre = (await chargerEtablissementsAReferencer(request, context, agrement.id)) ?? [];
    const choisi = registre.find((candidat) => candidat.siret === formData.get("siret"));
    if (!choisi) erreurs = { siret: ["Choisissez d'abord un établissement."] };
    else
      for (const [champ, valeur] of Object.entries(valeursDuRegistre(choisi)))
        if (champ !== "nom" || !String(formData.get("nom") ?? "").trim())
          formData.set(champ, valeur ?? "");
    const submission = parseWithZod(formData, { schema: schemaRecherche });
    return reponse(submission.reply({ fieldErrors: erreurs }), 200);
  }

  if (intent === INTENT_COMMUNES_CODE_POSTAL) {
    const codePostal = String(formData.get("codePostal") ?? "").trim();
    const communes = await communesDuCodePostal(request, context, codePostal);
    if (!/^\d{5}$/.test(codePostal)) erreurs = { codePostal: [MESSAGES.codePostal] };
    else if (communes.length === 0)
      erreurs = { codePostal: ["Aucune commune ne correspond à ce code postal."] };
    const submission = parseWithZod(formData, { schema: schemaRecherche });
    return reponse(submission.reply({ fieldErrors: erreurs }), 200);
  }

  if (estRecherchePerimetre(intent)) {
    recherche = await recherchePerimetre(request, context, agrement.id, formData);
    const submission = parseWithZod(formData, { schema: schemaRecherche });
    return reponse(submission.reply(), 200);
  }

  const [{ etpRequired }, registre] = await Promise.all([
    callEndpoint(request, context, lireEtpRequis, { params: { id: agrement.id } }),
    chargerEtablissementsAReferencer(request, context, agrement.id),
  ]);
  const submission = parseWithZod(formData, {
    schema: schemaReferencementEtablissement({ etpRequired }),
  });
  if (submission.status !== "success") return reponse(submission.reply(), 422);
  let siret: string;
  try {
    const etablissement = await callEndpoint(request, context, referencerEtablissement, {
      params: { id: agrement.id },
      body: submission.value,
    });
    siret = etablissement.siret;
  } catch (error) {
    const erreursApi =
      error instanceof ApiError && error.status === 503
        ? { fieldErrors: {}, formErrors: [MESSAGE_REGISTRE_INDISPONIBLE] }
        : erreursDeApi(error);
    return reponse(submission.reply(erreursApi), 422);
  }
  const restants = registre?.filter((candidat) => candidat.siret !== siret).length ?? 1;
  return redirectWithToast(
    "/referencement",
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: t(
        restants === 0
          ? "notification.success.tousEtablissementsReferences"
          : "notification.success.etablissementReference",
      ),
    },
    { request, context },
  );
}
