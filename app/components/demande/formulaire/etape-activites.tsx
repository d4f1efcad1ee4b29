import {
  getFormProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
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
import { Field, FormErrorSummary, RequiredFieldsNotice } from "~/components/forms";
import { ChampsEtp } from "./champs-etp";
import type { ResultatGeographie } from "./geographie";
import {
  INTENT_RECHERCHE_COMMUNES,
  INTENT_RECHERCHE_EPCIS,
  Perimetre,
  type ChoixPerimetre,
  type RecherchePerimetre,
} from "./perimetre";
import { schemaRecherche } from "./schema-recherche";
import { BoutonsEtape } from "~/components/dossier/boutons-etape";
import { urlEtape } from "./stepper";

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

/** EPCI and communes named so far (saved, posted or found). */
export interface NomsPerimetre {
  epcis: ResultatGeographie[];
  communes: ResultatGeographie[];
}

/** What a refused post or a search gives back (`enregistrerEtapeActivites`). */
export interface ResultatEtapeActivites {
  vue: "etape2";
  /** A new key per answer: the form and the pickers remount from the posted values. */
  cle: string;
  lastResult: SubmissionResult<string[]>;
  /** The perimeter codes posted. */
  choix: ChoixPerimetre;
  /** Names posted with the options displayed. */
  noms: NomsPerimetre;
  /** The search run, without JavaScript. */
  recherche: RecherchePerimetre | null;
}

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
      regions={donnees.regions}
      departements={donnees.departements}
      procedureEtp={donnees.procedureEtp}
      valeurs={enregistre}
      choix={
        resultat?.choix ?? {
          regions: enregistre?.regions ?? [],
          departements: enregistre?.departements ?? [],
          epcis: enregistre?.epcis ?? [],
          communes: enregistre?.communes ?? [],
        }
      }
      noms={{
        epcis: [...demande.libelles.epcis, ...(resultat?.noms.epcis ?? [])],
        communes: [...demande.libelles.communes, ...(resultat?.noms.communes ?? [])],
      }}
      recherche={resultat?.recherche ?? null}
      lastResult={resultat?.lastResult ?? null}
    />
  );
}

/** Props of {@link EtapeActivites}. */
export interface EtapeActivitesProps {
  id: string;
  regions: Region[];
  departements: Departement[];
  procedureEtp: ProcedureEtp;
  /** Saved content of the step, if any (ETP figures and précisions). */
  valeurs: Etape2 | null;
  /** Perimeter codes to show ticked (saved, or posted with the last refused post). */
  choix: ChoixPerimetre;
  noms: NomsPerimetre;
  recherche: RecherchePerimetre | null;
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
  regions,
  departements,
  procedureEtp,
  valeurs,
  choix,
  noms,
  recherche,
  lastResult,
}: EtapeActivitesProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof schemaEtape2>>({
    id: "demande-etape-2",
    lastResult,
    defaultValue: valeursParDefaut(valeurs),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => {
      const intent = formData.get("intent");
      const recherche = intent === INTENT_RECHERCHE_EPCIS || intent === INTENT_RECHERCHE_COMMUNES;
      return parseWithZod(formData, { schema: recherche ? schemaRecherche : schemaEtape2 });
    },
  });
  const champs = fields as unknown as Record<
    string,
    FieldMetadata<unknown, Record<string, unknown>, string[]>
  >;

  return (
    <Form method="post" action={urlEtape(id, 2)} {...getFormProps(form)}>
      <FormErrorSummary form={form} targets={CIBLES_PERIMETRE} />
      <RequiredFieldsNotice />
      <Perimetre
        regions={regions}
        departements={departements}
        choix={choix}
        noms={noms}
        recherche={recherche}
        erreurId={fields.regions.errorId}
        erreurs={{
          perimetre: fields.regions.errors,
          departements: fields.departements.errors,
          epcis: fields.epcis.errors,
          communes: fields.communes.errors,
        }}
        precisions={
          <Field
            id={fields.precisions.id}
            label="Précisions sur les communes"
            hint="Par exemple les quartiers ou les secteurs couverts dans ces communes."
            errors={fields.precisions.errors}
          >
            <textarea {...getTextareaProps(fields.precisions)} rows={4} />
          </Field>
        }
      />
      <ChampsEtp procedureEtp={procedureEtp} champs={champs} />
      <BoutonsEtape type="demande" id={id} etape={2} occupe={navigation.state === "submitting"} />
    </Form>
  );
}

/** Where the summary's links to the perimeter's errors lead: the pickers' fieldsets. */
const CIBLES_PERIMETRE = {
  regions: "perimetre",
  departements: "perimetre-departements",
  epcis: "perimetre-epcis",
  communes: "perimetre-communes",
} as const;

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
