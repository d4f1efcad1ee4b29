import type { ReactNode } from "react";
import type { Departement, Region } from "#contract/schemas/geographie";
import { Fieldset, FieldsetElement } from "~/components/forms";
import {
  indexerNoms,
  nommer,
  type RechercheGeographie,
  type ResultatGeographie,
} from "~/components/demande/formulaire/geographie";
import { CasesDepartements, CasesRegions } from "~/components/perimetre/cases-territoires";
import {
  RechercheTerritoires,
  type TypeTerritoire,
} from "~/components/perimetre/recherche-territoires";

/** Intents of the search buttons (the page comes back with the matches, nothing saved). */
export const INTENT_RECHERCHE_EPCIS = "rechercheEpcis";
export const INTENT_RECHERCHE_COMMUNES = "rechercheCommunes";

/** Whether a posted `intent` is one of the perimeter searches. */
export function estRecherchePerimetre(intent: unknown): boolean {
  return intent === INTENT_RECHERCHE_EPCIS || intent === INTENT_RECHERCHE_COMMUNES;
}

/** The régions and départements offered: those of the approval only (spec §5). */
export interface OptionsPerimetre {
  regions: Region[];
  departements: Departement[];
}

/** Codes chosen at each level, and the names of the EPCI and communes known so far. */
export interface ChoixPerimetreEtablissement {
  regions: string[];
  departements: string[];
  epcis: string[];
  communes: string[];
  noms: { epcis: ResultatGeographie[]; communes: ResultatGeographie[] };
}

/** A search already run by the server (a "Rechercher" post, with or without JavaScript). */
export interface RecherchePerimetreEtablissement {
  type: "epcis" | "communes";
  resultat: RechercheGeographie;
}

/** An empty choice (a new establishment). */
export const CHOIX_VIDE: ChoixPerimetreEtablissement = {
  regions: [],
  departements: [],
  epcis: [],
  communes: [],
  noms: { epcis: [], communes: [] },
};

/** Props of {@link PerimetreEtablissement}. */
export interface PerimetreEtablissementProps {
  /** Prefix of the ids (one form per page, but two pages use it). */
  id: string;
  legend: ReactNode;
  heading: "h2" | "h3";
  options: OptionsPerimetre;
  choix: ChoixPerimetreEtablissement;
  recherche: RecherchePerimetreEtablissement | null;
  /**
   * conform's fields of the four lists, read for their messages; those of
   * `regions` are the perimeter's as a whole ('Le périmètre d'intervention
   * est requis', outside the approval…), shown under the legend (the API
   * and the shared schema put them there), the first in `regions.errorId`.
   */
  champs: Record<
    "regions" | "departements" | TypeTerritoire,
    { errors?: string[]; errorId: string }
  >;
}

/** The two searches: the hint and the intent of each. */
const RECHERCHES: Record<TypeTerritoire, { indice: string; intent: string }> = {
  epcis: {
    indice:
      "Au moins 3 caractères du nom de l'EPCI, ou son SIREN. Seuls les EPCI de votre agrément sont proposés.",
    intent: INTENT_RECHERCHE_EPCIS,
  },
  communes: {
    indice:
      "Au moins 1 caractère du nom ou du code postal. Seules les communes de votre agrément sont proposées.",
    intent: INTENT_RECHERCHE_COMMUNES,
  },
};

/**
 * The intervention perimeter of an establishment (spec §3 Etablissement,
 * §5 Perimeter and Multi-select, limited to the approval's granted
 * perimeter): the approval's régions and départements as boxes (a
 * département under its région), then EPCI (at least 3 characters) and
 * commune (at least 1) searches among those of the approval, whose matches
 * are boxes. "Rechercher" is a submit button of the whole form (intent
 * {@link INTENT_RECHERCHE_EPCIS} / {@link INTENT_RECHERCHE_COMMUNES}): the
 * page comes back with every value kept, with or without JavaScript; the
 * options chosen before stay listed ("Vos choix") and carry their name in a
 * hidden field. The number of matches is announced (live region) and, with
 * JavaScript, the search field gets the focus back.
 */
export function PerimetreEtablissement({
  id,
  legend,
  heading,
  options,
  choix,
  recherche,
  champs,
}: PerimetreEtablissementProps) {
  const regionsChoisies = new Set(choix.regions);
  const departementsChoisis = new Set(choix.departements);

  return (
    <Fieldset
      id={id}
      legend={legend}
      heading={heading}
      headingClassName={heading === "h2" ? "fr-h4 fr-mb-0" : "fr-h6 fr-mb-0"}
      required
      hint="Dans le périmètre de votre agrément. Au moins un choix : des régions, des départements, des EPCI ou des communes."
      errors={champs.regions.errors ?? []}
      errorId={champs.regions.errorId}
      errorsFirst
    >
      {options.regions.length ? (
        <CasesRegions
          id={id}
          regions={options.regions}
          etat={(region) => ({
            defaultChecked: regionsChoisies.has(region.code),
            hint: "Toute la région",
          })}
        />
      ) : null}

      {options.departements.length ? (
        <CasesDepartements
          id={id}
          regions={options.regions}
          departements={options.departements}
          indice={
            options.regions.length
              ? "Classés par région. Inutile de cocher les départements d'une région déjà cochée."
              : undefined
          }
          erreurs={champs.departements.errors}
          coches={departementsChoisis}
          etat={(departement) => ({ defaultChecked: departementsChoisis.has(departement.code) })}
        />
      ) : null}

      {(["epcis", "communes"] as const).map((type) => (
        <FieldsetElement key={type}>
          <RecherchePostee
            id={id}
            type={type}
            choix={choix}
            recherche={recherche?.type === type ? recherche.resultat : null}
            erreurs={champs[type].errors}
          />
        </FieldsetElement>
      ))}
    </Fieldset>
  );
}

/**
 * A search among the approval's EPCI or communes run by the server (a post
 * of the whole form, with or without JavaScript): every option chosen in
 * "Vos choix", ticked, then the matches not chosen yet.
 */
function RecherchePostee({
  id,
  type,
  choix,
  recherche,
  erreurs,
}: {
  /** Id of the perimeter picker. */
  id: string;
  type: TypeTerritoire;
  choix: ChoixPerimetreEtablissement;
  /** The search the server just ran, if any. */
  recherche: RechercheGeographie | null;
  erreurs?: string[];
}) {
  const codes = choix[type];
  const nomsConnus = indexerNoms([...choix.noms[type], ...(recherche?.resultats ?? [])]);
  const choisis = new Set(codes);
  return (
    <RechercheTerritoires
      id={id}
      type={type}
      indice={RECHERCHES[type].indice}
      intent={RECHERCHES[type].intent}
      erreurs={erreurs}
      choisis={nommer(codes, nomsConnus)}
      resultats={(recherche?.resultats ?? []).filter((option) => !choisis.has(option.code))}
      etat={(code) => ({ defaultChecked: choisis.has(code) })}
      recherche={recherche}
    />
  );
}
