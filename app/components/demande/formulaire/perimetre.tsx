import { useState, useSyncExternalStore, type ChangeEvent, type ReactNode } from "react";
import type { Departement, Region } from "#contract/schemas/geographie";
import { Fieldset, FieldsetElement } from "~/components/forms";
import {
  CasesDepartements,
  CasesRegions,
  type EtatCase,
} from "~/components/perimetre/cases-territoires";
import {
  RechercheTerritoires,
  type TypeTerritoire,
} from "~/components/perimetre/recherche-territoires";
import {
  MESSAGE_COMMUNE_SANS_TERRITOIRE,
  indexerNoms,
  nommer,
  type RechercheGeographie,
  type ResultatGeographie,
} from "./geographie";

/** Intents of the search buttons (re-render with the results, nothing saved). */
export const INTENT_RECHERCHE_EPCIS = "epcis";
export const INTENT_RECHERCHE_COMMUNES = "communes";

/** Codes chosen in the four perimeter lists (spec §3 Perimeter form). */
export interface ChoixPerimetre {
  regions: string[];
  departements: string[];
  epcis: string[];
  communes: string[];
}

/** A search already run by the server (form posted without JavaScript). */
export interface RecherchePerimetre {
  type: "epcis" | "communes";
  resultat: RechercheGeographie;
}

/** Props of {@link Perimetre}. */
export interface PerimetreProps {
  regions: Region[];
  departements: Departement[];
  /** Codes ticked when the page was rendered. */
  choix: ChoixPerimetre;
  /** Names of the EPCI and communes known so far (saved, posted or found). */
  noms: { epcis: ResultatGeographie[]; communes: ResultatGeographie[] };
  recherche: RecherchePerimetre | null;
  /** Messages of the perimeter as a whole and of each list. */
  erreurs: {
    perimetre?: string[];
    regions?: string[];
    departements?: string[];
    epcis?: string[];
    communes?: string[];
  };
  /** id of the message area conform's `aria-describedby` points to. */
  erreurId: string;
  /** The "précisions" textarea, shown once a commune is chosen (spec §5). */
  precisions: ReactNode;
  /**
   * Territories already in the approval's perimeter (perimeter extension,
   * spec §5): their boxes are disabled, unticked and labelled with
   * `libelleRegion` / `libelleDepartement`; a département of a covered
   * région counts as covered. Absent for the approval request.
   */
  couverts?: TerritoiresCouverts;
}

/** See {@link PerimetreProps.couverts}. */
export interface TerritoiresCouverts {
  regions: readonly string[];
  departements: readonly string[];
  libelleRegion: string;
  libelleDepartement: string;
}

const abonnementVide = () => () => {};

/** Codes ticked in a list of boxes the page controls, and the change handler of each box. */
interface Coches {
  codes: ReadonlySet<string>;
  basculer: (code: string) => (event: ChangeEvent<HTMLInputElement>) => void;
}

/** A list of boxes the page controls, `initiaux` ticked first; a box's change adds or removes its code. */
function useCoches(initiaux: string[]): Coches {
  const [codes, setCodes] = useState(() => new Set(initiaux));
  return {
    codes,
    basculer: (code) => (event) => {
      const coche = event.currentTarget.checked;
      setCodes((courant) => {
        const suivant = new Set(courant);
        if (coche) suivant.add(code);
        else suivant.delete(code);
        return suivant;
      });
    },
  };
}

/** True once React runs in the browser (false in the server's HTML and during hydration). */
function useJavaScriptActif(): boolean {
  return useSyncExternalStore(
    abonnementVide,
    () => true,
    () => false,
  );
}

/**
 * Perimeter of intervention (spec §3 Perimeter form, §5 Perimeter and
 * Multi-select; DESIGN §6 autocomplete): régions and départements as
 * checkbox lists (départements grouped by région; the départements of a
 * ticked région are disabled with JavaScript, dropped by the server
 * without), EPCI and commune searches whose matches are checkboxes (chosen
 * ones stay listed and ticked), and the communes' précisions once a commune
 * is chosen. Without JavaScript "Rechercher" posts the whole form (intent
 * `epcis` / `communes`) and the page comes back with every value kept;
 * with JavaScript it asks `/resources/geographie` and announces the number
 * of matches in a live region.
 */
export function Perimetre({
  regions,
  departements,
  choix,
  noms,
  recherche,
  erreurs,
  erreurId,
  precisions,
  couverts,
}: PerimetreProps) {
  const js = useJavaScriptActif();
  const regionsCochees = useCoches(choix.regions);
  const departementsCoches = useCoches(choix.departements);
  const communesCochees = useCoches(choix.communes);
  const epcisCoches = useCoches(choix.epcis);
  const cases = { regions: regionsCochees, departements: departementsCoches };

  const departementsCouverts = departements
    .filter(
      (departement) =>
        regionsCochees.codes.has(departement.codeRegion) ||
        departementsCoches.codes.has(departement.code),
    )
    .map((departement) => departement.code);
  const recherches = { noms, recherche, erreurs };

  return (
    <Fieldset
      id="perimetre"
      legend="Périmètre d'intervention"
      heading="h3"
      required
      hint="Au moins un choix : des régions, des départements, des EPCI ou des communes."
      errors={erreurs.perimetre ?? []}
      errorId={erreurId}
      errorsFirst
    >
      <CasesRegions
        id="perimetre"
        regions={regions}
        erreurs={erreurs.regions}
        etat={(region) => etatRegion(region, regionsCochees, couverts)}
      />

      <CasesDepartements
        id="perimetre"
        regions={regions}
        departements={departements}
        indice="Classés par région. Les départements d'une région cochée sont déjà compris dans votre périmètre."
        erreurs={erreurs.departements}
        coches={departementsCoches.codes}
        suffixeRegion={(region) =>
          regionsCochees.codes.has(region.code) ? " (région cochée)" : ""
        }
        etat={(departement, region) => etatDepartement(departement, region, cases, couverts)}
      />

      <RechercheDansLaPage
        type="epcis"
        {...recherches}
        coches={epcisCoches}
        parametres={() => new URLSearchParams()}
      />

      <RechercheDansLaPage
        type="communes"
        {...recherches}
        coches={communesCochees}
        bloquee={
          js && departementsCouverts.length === 0 ? MESSAGE_COMMUNE_SANS_TERRITOIRE : undefined
        }
        parametres={() => {
          const params = new URLSearchParams();
          for (const code of departementsCouverts) params.append("departements", code);
          return params;
        }}
      />

      {communesCochees.codes.size > 0 ? <FieldsetElement>{precisions}</FieldsetElement> : null}
    </Fieldset>
  );
}

/** The région and département boxes the page controls. */
interface CasesCochees {
  regions: Coches;
  departements: Coches;
}

/** A région box: one already in the approval's perimeter is disabled, unticked and says so. */
function etatRegion(region: Region, cochees: Coches, couverts?: TerritoiresCouverts): EtatCase {
  const couverte = couverts?.regions.includes(region.code) ?? false;
  return {
    checked: !couverte && cochees.codes.has(region.code),
    disabled: couverte || undefined,
    onChange: cochees.basculer(region.code),
    hint: couverte ? couverts?.libelleRegion : undefined,
  };
}

/**
 * A département box: one already in the approval's perimeter (itself or
 * its région) is disabled, unticked and says so; one of a ticked région is
 * ticked and disabled, since the région covers it.
 */
function etatDepartement(
  departement: Departement,
  region: Region | undefined,
  cases: CasesCochees,
  couverts?: TerritoiresCouverts,
): EtatCase {
  if (
    couverts &&
    ((region && couverts.regions.includes(region.code)) ||
      couverts.departements.includes(departement.code))
  )
    return { checked: false, disabled: true, hint: couverts.libelleDepartement };
  const regionCochee = region !== undefined && cases.regions.codes.has(region.code);
  return {
    checked: regionCochee || cases.departements.codes.has(departement.code),
    disabled: regionCochee,
    onChange: cases.departements.basculer(departement.code),
    hint: regionCochee ? `Compris dans la région ${region.nom}` : undefined,
  };
}

/** The hint of each search of the request's perimeter. */
const INDICES_RECHERCHE: Record<TypeTerritoire, string> = {
  epcis: "Au moins 3 caractères du nom de l'EPCI, ou son SIREN",
  communes:
    "Cochez d'abord une région ou un département : la recherche porte sur leurs communes (au moins 1 caractère).",
};

/** Props of {@link RechercheDansLaPage}. */
interface RechercheDansLaPageProps extends Pick<PerimetreProps, "noms" | "recherche" | "erreurs"> {
  type: TypeTerritoire;
  coches: Coches;
  bloquee?: string;
  /** Extra query parameters of the JavaScript search (the départements covered). */
  parametres: () => URLSearchParams;
}

/**
 * A search of the request's perimeter (DESIGN §6 autocomplete): without
 * JavaScript "Rechercher" posts the whole form (intent `epcis` /
 * `communes`); with it, the page asks `/resources/geographie` and lists the
 * matches itself. The options ticked when the last search ran stay listed
 * above the search, every match (ticked or not) under it.
 */
function RechercheDansLaPage({
  type,
  noms,
  coches,
  recherche: postee,
  erreurs,
  bloquee,
  parametres,
}: RechercheDansLaPageProps) {
  const rechercheServeur = postee?.type === type ? postee.resultat : null;
  const [recherche, setRecherche] = useState(rechercheServeur);
  const [connus, setConnus] = useState(() =>
    indexerNoms([...noms[type], ...(rechercheServeur?.resultats ?? [])]),
  );
  const [choisis, setChoisis] = useState(() => horsResultats(coches.codes, rechercheServeur));

  async function rechercher(terme: string) {
    const params = parametres();
    params.set("type", type);
    params.set("query", terme);
    const reponse = await fetch(`/resources/geographie?${params}`);
    if (!reponse.ok) return;
    const resultat = (await reponse.json()) as RechercheGeographie;
    setConnus((courant) => indexerNoms(resultat.resultats, courant));
    setChoisis(horsResultats(coches.codes, resultat));
    setRecherche(resultat);
  }

  return (
    <FieldsetElement>
      <RechercheTerritoires
        id="perimetre"
        type={type}
        indice={INDICES_RECHERCHE[type]}
        intent={type}
        erreurs={erreurs[type]}
        choisis={nommer(choisis, connus)}
        resultats={recherche?.resultats ?? []}
        etat={(code) => ({ checked: coches.codes.has(code), onChange: coches.basculer(code) })}
        recherche={recherche}
        rechercher={(terme) => void rechercher(terme)}
        bloquee={bloquee}
        annonceVive
      />
    </FieldsetElement>
  );
}

/** The codes of `codes` not among the matches of `recherche`. */
function horsResultats(
  codes: ReadonlySet<string>,
  recherche: RechercheGeographie | null,
): string[] {
  return [...codes].filter((code) => !recherche?.resultats.some((r) => r.code === code));
}
