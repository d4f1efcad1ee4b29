import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { MESSAGES_EXTENSION, schemaEtapeExtension1 } from "#contract/schemas/changement-notable";
import type { Departement, Region } from "#contract/schemas/geographie";
import { Field, FormErrorSummary, RequiredFieldsNotice } from "~/components/forms";
import type { ResultatGeographie } from "~/components/demande/formulaire/geographie";
import {
  INTENT_RECHERCHE_COMMUNES,
  INTENT_RECHERCHE_EPCIS,
  Perimetre,
  type ChoixPerimetre,
  type RecherchePerimetre,
} from "~/components/demande/formulaire/perimetre";
import { schemaRecherche } from "~/components/demande/formulaire/schema-recherche";
import { BoutonsEtape } from "~/components/dossier/boutons-etape";
import { urlEtapeExtension } from "./extension";

/** What the loader gives step 1 (`chargerEtapePerimetre`). */
export interface DonneesEtapePerimetre {
  vue: "etape1";
  etape: 1;
  /** The extension's id; null before it is created (first post of step 1). */
  id: string | null;
  regions: Region[];
  departements: Departement[];
  /** The approval's régions and départements: disabled in the pickers. */
  couverts: { regions: string[]; departements: string[] };
  /** Saved perimeter (codes) and précisions. */
  choix: ChoixPerimetre;
  precisions: string;
  /** Names of the saved EPCI and communes. */
  noms: { epcis: ResultatGeographie[]; communes: ResultatGeographie[] };
}

/** What a refused post or a search gives back (`enregistrerEtapePerimetre`). */
export interface ResultatEtapePerimetre {
  vue: "etape1";
  cle: string;
  /** The extension created by this post, when the save itself was refused. */
  id: string | null;
  lastResult: SubmissionResult<string[]>;
  choix: ChoixPerimetre;
  noms: { epcis: ResultatGeographie[]; communes: ResultatGeographie[] };
  recherche: RecherchePerimetre | null;
}

/** Step 1 of the page, from the loader's data or, after a post, from what was posted. */
export function VueEtapePerimetre({
  donnees,
  resultat,
}: {
  donnees: DonneesEtapePerimetre;
  resultat: ResultatEtapePerimetre | null;
}) {
  return (
    <EtapePerimetre
      key={resultat?.cle ?? "chargement"}
      id={resultat?.id ?? donnees.id}
      regions={donnees.regions}
      departements={donnees.departements}
      couverts={donnees.couverts}
      choix={resultat?.choix ?? donnees.choix}
      precisions={donnees.precisions}
      noms={{
        epcis: [...donnees.noms.epcis, ...(resultat?.noms.epcis ?? [])],
        communes: [...donnees.noms.communes, ...(resultat?.noms.communes ?? [])],
      }}
      recherche={resultat?.recherche ?? null}
      lastResult={resultat?.lastResult ?? null}
    />
  );
}

/** Where the summary's links to the perimeter's errors lead. */
const CIBLES_PERIMETRE = {
  regions: "perimetre",
  departements: "perimetre-departements",
  epcis: "perimetre-epcis",
  communes: "perimetre-communes",
} as const;

/**
 * Step 1 "Périmètre d'intervention à ajouter" (spec §5 Perimeter): the
 * perimeter pickers of the approval request, with the approval's régions
 * and départements disabled and labelled "…fait déjà partie de votre
 * périmètre d'intervention"; checked with the contract's
 * `schemaEtapeExtension1` on blur (JavaScript) and by the server.
 */
export function EtapePerimetre({
  id,
  regions,
  departements,
  couverts,
  choix,
  precisions,
  noms,
  recherche,
  lastResult,
}: Omit<DonneesEtapePerimetre, "vue" | "etape"> & {
  recherche: RecherchePerimetre | null;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof schemaEtapeExtension1>>({
    id: "extension-etape-1",
    lastResult,
    defaultValue: { precisions },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => {
      const intent = formData.get("intent");
      const cherche = intent === INTENT_RECHERCHE_EPCIS || intent === INTENT_RECHERCHE_COMMUNES;
      return parseWithZod(formData, { schema: cherche ? schemaRecherche : schemaEtapeExtension1 });
    },
  });
  return (
    <Form method="post" action={urlEtapeExtension(id, 1)} {...getFormProps(form)}>
      <FormErrorSummary form={form} targets={CIBLES_PERIMETRE} />
      <RequiredFieldsNotice />
      <p>
        Choisissez les territoires que vous souhaitez ajouter au périmètre d'intervention de votre
        agrément. Les régions et départements qui en font déjà partie ne peuvent pas être choisis.
      </p>
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
        couverts={{
          regions: couverts.regions,
          departements: couverts.departements,
          libelleRegion: MESSAGES_EXTENSION.regionDejaCouverte,
          libelleDepartement: MESSAGES_EXTENSION.departementDejaCouvert,
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
      <BoutonsEtape
        type="changement-notable"
        id={id}
        etape={1}
        occupe={navigation.state === "submitting"}
      />
    </Form>
  );
}
