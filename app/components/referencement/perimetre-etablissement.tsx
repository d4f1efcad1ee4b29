import { Fragment, useEffect, useRef, type ReactNode } from "react";
import type { Departement, Region } from "#contract/schemas/geographie";
import { Checkbox, Field, Fieldset, FieldsetElement } from "~/components/forms";
import {
  encoderOption,
  type RechercheGeographie,
  type ResultatGeographie,
} from "~/components/demande/formulaire/geographie";
import { t } from "~/i18n";

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
   * Messages by list; those of `regions` are the perimeter's as a whole
   * ('Le périmètre d'intervention est requis', outside the approval…),
   * shown under the legend (the API and the shared schema put them there).
   */
  erreurs: { regions?: string[]; departements?: string[]; epcis?: string[]; communes?: string[] };
  /** Id of the first message of `regions` (conform's `fields.regions.errorId`). */
  erreurId: string;
}

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
  erreurs,
  erreurId,
}: PerimetreEtablissementProps) {
  const regionsChoisies = new Set(choix.regions);
  const departementsChoisis = new Set(choix.departements);
  const departementsParRegion = new Map<string, Departement[]>();
  for (const departement of options.departements) {
    const groupe = departementsParRegion.get(departement.codeRegion) ?? [];
    groupe.push(departement);
    departementsParRegion.set(departement.codeRegion, groupe);
  }
  const regionsConnues = new Set(options.regions.map((region) => region.code));
  // Départements granted on their own, whose région is not granted as a whole.
  const departementsSeuls = options.departements.filter(
    (departement) => !regionsConnues.has(departement.codeRegion),
  );

  return (
    <Fieldset
      id={id}
      legend={legend}
      heading={heading}
      headingClassName={heading === "h2" ? "fr-h4 fr-mb-0" : "fr-h6 fr-mb-0"}
      required
      hint="Dans le périmètre de votre agrément. Au moins un choix : des régions, des départements, des EPCI ou des communes."
      errors={erreurs.regions ?? []}
      errorId={erreurId}
      errorsFirst
    >
      {options.regions.length ? (
        <FieldsetElement>
          <Fieldset id={`${id}-regions`} legend="Régions" regular>
            {options.regions.map((region) => (
              <FieldsetElement key={region.code}>
                <Checkbox
                  small
                  id={`${id}-region-${region.code}`}
                  name="regions"
                  value={region.code}
                  defaultChecked={regionsChoisies.has(region.code)}
                  label={region.nom}
                  hint="Toute la région"
                />
              </FieldsetElement>
            ))}
          </Fieldset>
        </FieldsetElement>
      ) : null}

      {options.departements.length ? (
        <FieldsetElement>
          <Fieldset
            id={`${id}-departements`}
            legend="Départements"
            regular
            hint={
              options.regions.length
                ? "Classés par région. Inutile de cocher les départements d'une région déjà cochée."
                : undefined
            }
            errors={erreurs.departements}
            errorsFirst
          >
            {options.regions.map((region) => {
              const liste = departementsParRegion.get(region.code) ?? [];
              if (!liste.length) return null;
              return (
                <details
                  className="fr-fieldset__element fr-mb-1w"
                  key={region.code}
                  open={liste.some((departement) => departementsChoisis.has(departement.code))}
                >
                  <summary className="fr-text--bold">{region.nom}</summary>
                  <div className="fr-pl-2w fr-pt-1w">
                    {liste.map((departement) => (
                      <CaseDepartement
                        key={departement.code}
                        id={id}
                        departement={departement}
                        coche={departementsChoisis.has(departement.code)}
                      />
                    ))}
                  </div>
                </details>
              );
            })}
            {departementsSeuls.map((departement) => (
              <FieldsetElement key={departement.code}>
                <CaseDepartement
                  id={id}
                  departement={departement}
                  coche={departementsChoisis.has(departement.code)}
                />
              </FieldsetElement>
            ))}
          </Fieldset>
        </FieldsetElement>
      ) : null}

      <FieldsetElement>
        <RechercheTerritoires
          id={`${id}-epcis`}
          type="epcis"
          legende="EPCI (intercommunalités)"
          libelleRecherche="Rechercher un EPCI"
          indice="Au moins 3 caractères du nom de l'EPCI, ou son SIREN. Seuls les EPCI de votre agrément sont proposés."
          intent={INTENT_RECHERCHE_EPCIS}
          codes={choix.epcis}
          noms={choix.noms.epcis}
          recherche={recherche?.type === "epcis" ? recherche.resultat : null}
          erreurs={erreurs.epcis}
        />
      </FieldsetElement>

      <FieldsetElement>
        <RechercheTerritoires
          id={`${id}-communes`}
          type="communes"
          legende="Communes"
          libelleRecherche="Rechercher une commune"
          indice="Au moins 1 caractère du nom ou du code postal. Seules les communes de votre agrément sont proposées."
          intent={INTENT_RECHERCHE_COMMUNES}
          codes={choix.communes}
          noms={choix.noms.communes}
          recherche={recherche?.type === "communes" ? recherche.resultat : null}
          erreurs={erreurs.communes}
        />
      </FieldsetElement>
    </Fieldset>
  );
}

/** One département box, "Nom (code)". */
function CaseDepartement({
  id,
  departement,
  coche,
}: {
  id: string;
  departement: Departement;
  coche: boolean;
}) {
  return (
    <Checkbox
      small
      id={`${id}-departement-${departement.code}`}
      name="departements"
      value={departement.code}
      defaultChecked={coche}
      label={`${departement.nom} (${departement.code})`}
    />
  );
}

/** Props of {@link RechercheTerritoires}. */
interface RechercheTerritoiresProps {
  id: string;
  type: "epcis" | "communes";
  legende: string;
  libelleRecherche: string;
  indice: string;
  intent: string;
  /** Codes chosen (ticked when the page was rendered). */
  codes: string[];
  /** Names known for them (posted, or saved). */
  noms: ResultatGeographie[];
  /** The search the server just ran, if any. */
  recherche: RechercheGeographie | null;
  erreurs?: string[];
}

/**
 * A search among the approval's EPCI or communes whose matches are boxes
 * (DESIGN §6 autocomplete without JavaScript): the chosen ones first ("Vos
 * choix", each with its name in a hidden `code|nom` field), the search
 * field and its submit button, the announcement ("n résultats
 * disponibles", "Aucun résultat" or why the search was refused), then the
 * matches not chosen yet.
 */
function RechercheTerritoires({
  id,
  type,
  legende,
  libelleRecherche,
  indice,
  intent,
  codes,
  noms,
  recherche,
  erreurs,
}: RechercheTerritoiresProps) {
  const champ = useRef<HTMLInputElement>(null);
  const bouton = useRef<HTMLButtonElement>(null);
  const nomsConnus = new Map<string, string>();
  for (const option of [...noms, ...(recherche?.resultats ?? [])])
    nomsConnus.set(option.code, option.nom);
  const choisis = new Set(codes);
  const resultats = (recherche?.resultats ?? []).filter((option) => !choisis.has(option.code));
  const nomCase = type;
  const nomLibelle = type === "epcis" ? "libellesEpcis" : "libellesCommunes";

  // After a search (with JavaScript), back to its field: the page was re-rendered under it.
  useEffect(() => {
    if (recherche) champ.current?.focus();
  }, [recherche]);

  const option = (code: string, nom: string, coche: boolean) => (
    <FieldsetElement key={code}>
      <Checkbox
        small
        id={`${id}-${code}`}
        name={nomCase}
        value={code}
        defaultChecked={coche}
        label={nom}
      />
      <input type="hidden" name={nomLibelle} value={encoderOption({ code, nom })} />
    </FieldsetElement>
  );

  return (
    <Fieldset id={id} legend={legende} regular errors={erreurs} errorsFirst>
      {codes.length ? (
        <FieldsetElement>
          <p className="fr-text--sm fr-mb-1w">Vos choix :</p>
          {codes.map((code) => option(code, nomsConnus.get(code) ?? code, true))}
        </FieldsetElement>
      ) : null}
      <FieldsetElement>
        <Field
          id={`${id}-recherche`}
          label={libelleRecherche}
          hint={indice}
          className="fr-mb-0"
          addon={
            <button
              ref={bouton}
              type="submit"
              className="fr-btn fr-btn--secondary fr-icon-search-line fr-btn--icon-left"
              name="intent"
              value={intent}
              formNoValidate
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
            aria-describedby={`${id}-annonce`}
            onKeyDown={(event) => {
              if (event.key !== "Enter") return;
              // With JavaScript, Enter runs this search rather than the form's first button.
              event.preventDefault();
              event.currentTarget.form?.requestSubmit(bouton.current);
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
          id={`${id}-annonce`}
          role="status"
        >
          {annonceDe(recherche)}
        </p>
      </FieldsetElement>
      {resultats.length ? (
        <FieldsetElement>
          <p className="fr-text--sm fr-mb-1w">Résultats de la recherche :</p>
          {resultats.map((resultat) => (
            <Fragment key={resultat.code}>{option(resultat.code, resultat.nom, false)}</Fragment>
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
