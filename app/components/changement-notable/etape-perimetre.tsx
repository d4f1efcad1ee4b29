import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { MESSAGES_EXTENSION, schemaEtapeExtension1 } from "#contract/schemas/changement-notable";
import type { Departement, Region } from "#contract/schemas/geographie";
import { FormErrorSummary, RequiredFieldsNotice } from "~/components/forms";
import type { ChoixPerimetre } from "~/components/demande/formulaire/perimetre";
import { BoutonsEtape } from "~/components/dossier/boutons-etape";
import {
  CIBLES_PERIMETRE,
  PerimetreEtape,
  perimetreAffiche,
  validerEtapePerimetre,
  type NomsPerimetre,
  type PerimetreAffiche,
  type ResultatPerimetre,
} from "~/components/dossier/perimetre-etape";
import { FORMULAIRE_EXTENSION } from "./extension";

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
  noms: NomsPerimetre;
}

/** What a refused post or a search gives back (`enregistrerEtapePerimetre`). */
export interface ResultatEtapePerimetre extends ResultatPerimetre<"etape1"> {
  /** The extension created by this post, when the save itself was refused. */
  id: string | null;
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
      couverts={donnees.couverts}
      precisions={donnees.precisions}
      perimetre={perimetreAffiche(donnees, donnees, resultat)}
      lastResult={resultat?.lastResult ?? null}
    />
  );
}

/**
 * Step 1 "Périmètre d'intervention à ajouter" (spec §5 Perimeter): the
 * perimeter pickers of the approval request, with the approval's régions
 * and départements disabled and labelled "…fait déjà partie de votre
 * périmètre d'intervention"; checked with the contract's
 * `schemaEtapeExtension1` on blur (JavaScript) and by the server.
 */
export function EtapePerimetre({
  id,
  couverts,
  precisions,
  perimetre,
  lastResult,
}: Pick<DonneesEtapePerimetre, "id" | "couverts" | "precisions"> & {
  perimetre: PerimetreAffiche;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof schemaEtapeExtension1>>({
    id: "extension-etape-1",
    lastResult,
    defaultValue: { precisions },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validerEtapePerimetre(schemaEtapeExtension1),
  });
  return (
    <Form method="post" action={FORMULAIRE_EXTENSION.url(id, 1)} {...getFormProps(form)}>
      <FormErrorSummary form={form} targets={CIBLES_PERIMETRE} />
      <RequiredFieldsNotice />
      <p>
        Choisissez les territoires que vous souhaitez ajouter au périmètre d'intervention de votre
        agrément. Les régions et départements qui en font déjà partie ne peuvent pas être choisis.
      </p>
      <PerimetreEtape
        champs={fields}
        perimetre={perimetre}
        couverts={{
          ...couverts,
          libelleRegion: MESSAGES_EXTENSION.regionDejaCouverte,
          libelleDepartement: MESSAGES_EXTENSION.departementDejaCouvert,
        }}
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
