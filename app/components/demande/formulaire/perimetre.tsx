import {
  Fragment,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ChangeEvent,
  type ReactNode,
} from "react";
import type { Departement, Region } from "#contract/schemas/geographie";
import { Checkbox, Field, Fieldset, FieldsetElement } from "~/components/forms";
import { t } from "~/i18n";
import {
  MESSAGE_COMMUNE_SANS_TERRITOIRE,
  encoderOption,
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

/** Change handler of a controlled box: adds `code` to, or removes it from, the set `setter` updates. */
function basculer(
  setter: (update: (courant: Set<string>) => Set<string>) => void,
  code: string,
): (event: ChangeEvent<HTMLInputElement>) => void {
  return (event) => {
    const coche = event.currentTarget.checked;
    setter((courant) => {
      const suivant = new Set(courant);
      if (coche) suivant.add(code);
      else suivant.delete(code);
      return suivant;
    });
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
  const [regionsCochees, setRegionsCochees] = useState(() => new Set(choix.regions));
  const [departementsCoches, setDepartementsCoches] = useState(() => new Set(choix.departements));
  const [communesCochees, setCommunesCochees] = useState(() => new Set(choix.communes));
  const [epcisCoches, setEpcisCoches] = useState(() => new Set(choix.epcis));

  const departementsParRegion = useMemo(() => {
    const groupes = new Map<string, Departement[]>();
    for (const departement of departements) {
      const groupe = groupes.get(departement.codeRegion) ?? [];
      groupe.push(departement);
      groupes.set(departement.codeRegion, groupe);
    }
    return groupes;
  }, [departements]);

  const departementsCouverts = departements
    .filter(
      (departement) =>
        regionsCochees.has(departement.codeRegion) || departementsCoches.has(departement.code),
    )
    .map((departement) => departement.code);

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
      <FieldsetElement>
        <Fieldset
          id="perimetre-regions"
          legend="Régions"
          regular
          errors={erreurs.regions}
          errorsFirst
        >
          {regions.map((region) => {
            const couverte = couverts?.regions.includes(region.code) ?? false;
            return (
              <FieldsetElement key={region.code}>
                <Checkbox
                  small
                  id={`perimetre-region-${region.code}`}
                  name="regions"
                  value={region.code}
                  checked={!couverte && regionsCochees.has(region.code)}
                  disabled={couverte || undefined}
                  onChange={basculer(setRegionsCochees, region.code)}
                  label={region.nom}
                  hint={couverte ? couverts?.libelleRegion : undefined}
                />
              </FieldsetElement>
            );
          })}
        </Fieldset>
      </FieldsetElement>

      <FieldsetElement>
        <Fieldset
          id="perimetre-departements"
          legend="Départements"
          regular
          hint="Classés par région. Les départements d'une région cochée sont déjà compris dans votre périmètre."
          errors={erreurs.departements}
          errorsFirst
        >
          {regions.map((region) => {
            const liste = departementsParRegion.get(region.code) ?? [];
            if (!liste.length) return null;
            const regionCochee = regionsCochees.has(region.code);
            const regionCouverte = couverts?.regions.includes(region.code) ?? false;
            const ouvert = liste.some((departement) => departementsCoches.has(departement.code));
            return (
              <details className="fr-fieldset__element fr-mb-1w" key={region.code} open={ouvert}>
                <summary className="fr-text--bold">
                  {region.nom}
                  {regionCochee ? " (région cochée)" : ""}
                </summary>
                <div className="fr-pl-2w fr-pt-1w">
                  {liste.map((departement) =>
                    regionCouverte || couverts?.departements.includes(departement.code) ? (
                      <Checkbox
                        small
                        key={departement.code}
                        id={`perimetre-departement-${departement.code}`}
                        name="departements"
                        value={departement.code}
                        checked={false}
                        disabled
                        label={`${departement.nom} (${departement.code})`}
                        hint={couverts?.libelleDepartement}
                      />
                    ) : (
                      <Checkbox
                        small
                        key={departement.code}
                        id={`perimetre-departement-${departement.code}`}
                        name="departements"
                        value={departement.code}
                        checked={regionCochee || departementsCoches.has(departement.code)}
                        disabled={regionCochee}
                        onChange={basculer(setDepartementsCoches, departement.code)}
                        label={`${departement.nom} (${departement.code})`}
                        hint={regionCochee ? `Compris dans la région ${region.nom}` : undefined}
                      />
                    ),
                  )}
                </div>
              </details>
            );
          })}
        </Fieldset>
      </FieldsetElement>

      <FieldsetElement>
        <RechercheGeo
          type="epcis"
          legende="EPCI (intercommunalités)"
          libelleRecherche="Rechercher un EPCI"
          indice="Au moins 3 caractères du nom de l'EPCI, ou son SIREN"
          nomCase="epcis"
          noms={noms.epcis}
          coches={epcisCoches}
          setCoches={setEpcisCoches}
          recherche={recherche?.type === "epcis" ? recherche.resultat : null}
          erreurs={erreurs.epcis}
          parametres={() => new URLSearchParams()}
        />
      </FieldsetElement>

      <FieldsetElement>
        <RechercheGeo
          type="communes"
          legende="Communes"
          libelleRecherche="Rechercher une commune"
          indice="Cochez d'abord une région ou un département : la recherche porte sur leurs communes (au moins 1 caractère)."
          nomCase="communes"
          noms={noms.communes}
          coches={communesCochees}
          setCoches={setCommunesCochees}
          recherche={recherche?.type === "communes" ? recherche.resultat : null}
          erreurs={erreurs.communes}
          desactive={js && departementsCouverts.length === 0}
          parametres={() => {
            const params = new URLSearchParams();
            for (const code of departementsCouverts) params.append("departements", code);
            return params;
          }}
        />
      </FieldsetElement>

      {communesCochees.size > 0 ? <FieldsetElement>{precisions}</FieldsetElement> : null}
    </Fieldset>
  );
}

/** Props of {@link RechercheGeo}. */
interface RechercheGeoProps {
  type: "epcis" | "communes";
  legende: string;
  libelleRecherche: string;
  indice: string;
  nomCase: string;
  noms: ResultatGeographie[];
  coches: Set<string>;
  setCoches: (update: (courant: Set<string>) => Set<string>) => void;
  recherche: RechercheGeographie | null;
  erreurs?: string[];
  desactive?: boolean;
  /** Extra query parameters of the JavaScript search (the départements covered). */
  parametres: () => URLSearchParams;
}

/**
 * A search among EPCI or communes whose matches are checkboxes (DESIGN §6
 * autocomplete without JavaScript). The options ticked before stay listed
 * above the search; each displayed option posts its name in a hidden field
 * so that the next render still names it.
 */
function RechercheGeo({
  type,
  legende,
  libelleRecherche,
  indice,
  nomCase,
  noms,
  coches,
  setCoches,
  recherche: rechercheServeur,
  erreurs,
  desactive = false,
  parametres,
}: RechercheGeoProps) {
  const [recherche, setRecherche] = useState(rechercheServeur);
  const [annonce, setAnnonce] = useState(() => annonceDe(rechercheServeur));
  const [connus, setConnus] = useState(() => {
    const map = new Map<string, string>();
    for (const option of [...noms, ...(rechercheServeur?.resultats ?? [])])
      map.set(option.code, option.nom);
    return map;
  });
  // Options listed above the search: those ticked when the last search ran.
  const [choisis, setChoisis] = useState(() =>
    [...coches].filter((code) => !rechercheServeur?.resultats.some((r) => r.code === code)),
  );
  const champ = useRef<HTMLInputElement>(null);
  const prefixe = `perimetre-${type}`;
  const resultats = recherche?.resultats ?? [];

  async function rechercher() {
    const terme = champ.current?.value ?? "";
    const params = parametres();
    params.set("type", type);
    params.set("query", terme);
    const reponse = await fetch(`/resources/geographie?${params}`);
    if (!reponse.ok) return;
    const resultat = (await reponse.json()) as RechercheGeographie;
    setConnus((courant) => {
      const suivant = new Map(courant);
      for (const option of resultat.resultats) suivant.set(option.code, option.nom);
      return suivant;
    });
    setChoisis([...coches].filter((code) => !resultat.resultats.some((r) => r.code === code)));
    setRecherche(resultat);
    setAnnonce(annonceDe(resultat));
  }

  const option = (code: string, nom: string) => (
    <FieldsetElement key={code}>
      <Checkbox
        small
        id={`${prefixe}-${code}`}
        name={nomCase}
        value={code}
        checked={coches.has(code)}
        onChange={basculer(setCoches, code)}
        label={nom}
      />
      <input
        type="hidden"
        name={type === "epcis" ? "libellesEpcis" : "libellesCommunes"}
        value={encoderOption({ code, nom })}
      />
    </FieldsetElement>
  );

  return (
    <Fieldset id={prefixe} legend={legende} regular errors={erreurs} errorsFirst>
      {choisis.length ? (
        <FieldsetElement>
          <p className="fr-text--sm fr-mb-1w">Vos choix :</p>
          {choisis.map((code) => option(code, connus.get(code) ?? code))}
        </FieldsetElement>
      ) : null}
      <FieldsetElement>
        <Field
          id={`${prefixe}-recherche`}
          label={libelleRecherche}
          hint={indice}
          className="fr-mb-0"
          addon={
            <button
              type="submit"
              className="fr-btn fr-btn--secondary fr-icon-search-line fr-btn--icon-left"
              name="intent"
              value={type}
              formNoValidate
              disabled={desactive}
              onClick={(event) => {
                event.preventDefault();
                void rechercher();
              }}
            >
              Rechercher
              <span className="fr-sr-only"> {type === "epcis" ? "un EPCI" : "une commune"}</span>
            </button>
          }
        >
          <input
            ref={champ}
            type="search"
            name={type === "epcis" ? "rechercheEpci" : "rechercheCommune"}
            defaultValue={recherche?.terme ?? ""}
            aria-describedby={`${prefixe}-annonce`}
            onKeyDown={(event) => {
              if (event.key !== "Enter") return;
              // Enter searches here instead of submitting the whole step.
              event.preventDefault();
              if (!desactive) void rechercher();
            }}
          />
        </Field>
        <p
          className={[
            "fr-mt-1w fr-mb-0 fr-text--sm",
            recherche?.erreur ? "fr-message fr-message--error" : null,
          ]
            .filter(Boolean)
            .join(" ")}
          id={`${prefixe}-annonce`}
          role="status"
          aria-live="polite"
        >
          {desactive ? MESSAGE_COMMUNE_SANS_TERRITOIRE : annonce}
        </p>
      </FieldsetElement>
      {resultats.length ? (
        <FieldsetElement>
          <p className="fr-text--sm fr-mb-1w">Résultats de la recherche :</p>
          {resultats.map((resultat) => (
            <Fragment key={resultat.code}>{option(resultat.code, resultat.nom)}</Fragment>
          ))}
        </FieldsetElement>
      ) : null}
    </Fieldset>
  );
}

/** Spec §5 Multi-select: "{n} résultats disponibles." / "Aucun résultat", or the refusal. */
function annonceDe(recherche: RechercheGeographie | null): string {
  if (!recherche) return "";
  if (recherche.erreur) return recherche.erreur;
  return recherche.resultats.length
    ? t("validation.resultatsDisponibles", { n: recherche.resultats.length })
    : t("validation.aucunResultat");
}
