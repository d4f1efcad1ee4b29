import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import {
  INDICATEURS_ETP,
  schemaEtape2,
  type DemandeDetail,
  type Etape2,
  type ProcedureEtp,
} from "#contract/schemas/demande";
import type { Departement, Region } from "#contract/schemas/geographie";
import { afficherDecimal } from "#contract/validation";
import { FormErrorSummary, RequiredFieldsNotice, type Champ } from "~/components/forms";
import { ChampsEtp } from "./champs-etp";
import { BoutonsEtape } from "~/components/dossier/boutons-etape";
import {
  CIBLES_PERIMETRE,
  PerimetreEtape,
  perimetreAffiche,
  validerEtapePerimetre,
  type PerimetreAffiche,
  type ResultatPerimetre,
} from "~/components/dossier/perimetre-etape";
import { FORMULAIRE_DEMANDE } from "./formulaire-demande";

/** What the loader gives step 2 (`chargerEtapeActivites`). */
export interface DonneesEtapeActivites {
  vue: "etape2";
  etape: 2;
  id: string;
  demande: DemandeDetail;
  regions: Region[];
  departements: Departement[];
  procedureEtp: ProcedureEtp;
}

/** What a refused post or a search gives back (`enregistrerEtapeActivites`). */
export type ResultatEtapeActivites = ResultatPerimetre<"etape2">;

/**
 * Step 2 of the page: from the loader's data (the saved step), or after a
 * post from what was posted (ticked codes, names, search), the saved
 * names completing the posted ones.
 */
export function VueEtapeActivites({
  donnees,
  resultat,
}: {
  donnees: DonneesEtapeActivites;
  resultat: ResultatEtapeActivites | null;
}) {
  const { demande } = donnees;
  const enregistre = demande.etape2;
  return (
    <EtapeActivites
      key={resultat?.cle ?? "chargement"}
      id={donnees.id}
      procedureEtp={donnees.procedureEtp}
      valeurs={enregistre}
      perimetre={perimetreAffiche(
        donnees,
        {
          choix: {
            regions: enregistre?.regions ?? [],
            departements: enregistre?.departements ?? [],
            epcis: enregistre?.epcis ?? [],
            communes: enregistre?.communes ?? [],
          },
          noms: demande.libelles,
        },
        resultat,
      )}
      lastResult={resultat?.lastResult ?? null}
    />
  );
}

/** Props of {@link EtapeActivites}. */
export interface EtapeActivitesProps {
  id: string;
  procedureEtp: ProcedureEtp;
  /** Saved content of the step, if any (ETP figures and précisions). */
  valeurs: Etape2 | null;
  perimetre: PerimetreAffiche;
  /** conform's result of the last post (refused save or search). */
  lastResult?: SubmissionResult<string[]> | null;
}

/**
 * Step 2 "Activités de la structure" (spec §3 perimeter, ETP figures,
 * activity share, optional missions; §5 Perimeter, ETP, Numbers): the
 * perimeter pickers and the staffing fields in one form, checked with the
 * shared `schemaEtape2` on blur (JavaScript) and by the server.
 */
export function EtapeActivites({
  id,
  procedureEtp,
  valeurs,
  perimetre,
  lastResult,
}: EtapeActivitesProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof schemaEtape2>>({
    id: "demande-etape-2",
    lastResult,
    defaultValue: valeursParDefaut(valeurs),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validerEtapePerimetre(schemaEtape2),
  });
  const champs = fields as unknown as Record<string, Champ>;

  return (
    <Form method="post" action={FORMULAIRE_DEMANDE.url(id, 2)} {...getFormProps(form)}>
      <FormErrorSummary form={form} targets={CIBLES_PERIMETRE} />
      <RequiredFieldsNotice />
      <PerimetreEtape champs={champs} perimetre={perimetre} />
      <ChampsEtp procedureEtp={procedureEtp} champs={champs} />
      <BoutonsEtape type="demande" id={id} etape={2} occupe={navigation.state === "submitting"} />
    </Form>
  );
}

/** The saved figures as typed text ("7,5") and the optional-missions answer as oui/non. */
function valeursParDefaut(valeurs: Etape2 | null): Record<string, string> {
  if (!valeurs) return {};
  const texte: Record<string, string> = { precisions: valeurs.precisions ?? "" };
  for (const code of [...INDICATEURS_ETP, "part_activite_previsionnelle"] as const)
    texte[code] = afficherDecimal(valeurs[code]);
  if (valeurs.missionsFacultatives !== undefined)
    texte.missionsFacultatives = valeurs.missionsFacultatives ? "oui" : "non";
  return texte;
}
