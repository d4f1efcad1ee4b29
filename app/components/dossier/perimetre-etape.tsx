import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ZodTypeAny } from "zod";
import type { Departement, Region } from "#contract/schemas/geographie";
import type { ResultatGeographie } from "~/components/demande/formulaire/geographie";
import {
  INTENT_RECHERCHE_COMMUNES,
  INTENT_RECHERCHE_EPCIS,
  Perimetre,
  type ChoixPerimetre,
  type RecherchePerimetre,
  type TerritoiresCouverts,
} from "~/components/demande/formulaire/perimetre";
import { schemaRecherche } from "~/components/demande/formulaire/schema-recherche";
import { TextareaField, type Champ } from "~/components/forms";

/** EPCI and communes named so far (saved, posted or found). */
export interface NomsPerimetre {
  epcis: ResultatGeographie[];
  communes: ResultatGeographie[];
}

/**
 * What a refused post or a search of a step holding the perimeter gives
 * back (the request's step 2, an extension's step 1), `vue` naming the step.
 */
export interface ResultatPerimetre<Vue extends string = string> {
  vue: Vue;
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

/** Where the summary's links to the perimeter's errors lead: the pickers' fieldsets. */
export const CIBLES_PERIMETRE = {
  regions: "perimetre",
  departements: "perimetre-departements",
  epcis: "perimetre-epcis",
  communes: "perimetre-communes",
} as const;

/** Whether a post is the "Rechercher" of the EPCI or communes (nothing saved). */
export function estRecherchePerimetre(
  intent: unknown,
): intent is typeof INTENT_RECHERCHE_EPCIS | typeof INTENT_RECHERCHE_COMMUNES {
  return intent === INTENT_RECHERCHE_EPCIS || intent === INTENT_RECHERCHE_COMMUNES;
}

/**
 * conform's `onValidate` of a step holding the perimeter: a search is
 * checked with `schemaRecherche` (nothing to check), any other post with
 * the step's shared `schema`.
 */
export function validerEtapePerimetre(schema: ZodTypeAny) {
  return ({ formData }: { formData: FormData }) =>
    parseWithZod(formData, {
      schema: estRecherchePerimetre(formData.get("intent")) ? schemaRecherche : schema,
    });
}

/** What the pickers of a step show. */
export interface PerimetreAffiche {
  regions: Region[];
  departements: Departement[];
  /** Codes to show ticked (saved, or posted with the last refused post). */
  choix: ChoixPerimetre;
  /** Names of the EPCI and communes known so far (saved, posted or found). */
  noms: NomsPerimetre;
  /** The search run, without JavaScript. */
  recherche: RecherchePerimetre | null;
}

/**
 * What the pickers show, from the loader's `geographie` and the step as
 * `enregistre`, or after a post from `resultat`: the codes posted (else
 * those saved), the saved names completed by the posted ones, the search.
 */
export function perimetreAffiche(
  { regions, departements }: { regions: Region[]; departements: Departement[] },
  enregistre: { choix: ChoixPerimetre; noms: NomsPerimetre },
  resultat: ResultatPerimetre | null,
): PerimetreAffiche {
  return {
    regions,
    departements,
    choix: resultat?.choix ?? enregistre.choix,
    noms: {
      epcis: [...enregistre.noms.epcis, ...(resultat?.noms.epcis ?? [])],
      communes: [...enregistre.noms.communes, ...(resultat?.noms.communes ?? [])],
    },
    recherche: resultat?.recherche ?? null,
  };
}

/** Props of {@link PerimetreEtape}. */
export interface PerimetreEtapeProps {
  /**
   * conform's fields of the step: the four lists (the errors of the whole
   * perimeter come on `regions`) and the précisions.
   */
  champs: Record<"regions" | "departements" | "epcis" | "communes" | "precisions", Champ>;
  perimetre: PerimetreAffiche;
  /** The approval's territories, which an extension cannot add. */
  couverts?: TerritoiresCouverts;
}

/**
 * The perimeter of a step of either type of case file (spec §5 Perimeter;
 * ADR 0044): the pickers with the errors of each list, and the communes'
 * précisions.
 */
export function PerimetreEtape({ champs, perimetre, couverts }: PerimetreEtapeProps) {
  return (
    <Perimetre
      {...perimetre}
      erreurId={champs.regions.errorId}
      erreurs={{
        perimetre: champs.regions.errors,
        departements: champs.departements.errors,
        epcis: champs.epcis.errors,
        communes: champs.communes.errors,
      }}
      couverts={couverts}
      precisions={
        <TextareaField
          field={champs.precisions}
          label="Précisions sur les communes"
          hint="Par exemple les quartiers ou les secteurs couverts dans ces communes."
          rows={4}
        />
      }
    />
  );
}
