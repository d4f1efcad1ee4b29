import { useEffect, useRef } from "react";
import { Checkbox, Field, Fieldset, FieldsetElement } from "~/components/forms";
import {
  encoderOption,
  type RechercheGeographie,
  type ResultatGeographie,
} from "~/components/demande/formulaire/geographie";
import { t } from "~/i18n";
import type { EtatCase } from "./cases-territoires";

/** What is searched: EPCI or communes. */
export type TypeTerritoire = "epcis" | "communes";

/** The texts and field names of each search, the same on every page. */
const TEXTES_RECHERCHE = {
  epcis: {
    legende: "EPCI (intercommunalités)",
    libelle: "Rechercher un EPCI",
    objet: "un EPCI",
    champ: "rechercheEpci",
    libelles: "libellesEpcis",
  },
  communes: {
    legende: "Communes",
    libelle: "Rechercher une commune",
    objet: "une commune",
    champ: "rechercheCommune",
    libelles: "libellesCommunes",
  },
} as const;

/** Props of {@link RechercheTerritoires}. */
export interface RechercheTerritoiresProps {
  /** Id of the picker: the group is `${id}-${type}`. */
  id: string;
  type: TypeTerritoire;
  indice: string;
  /** Value of the button's `intent` when it posts the form. */
  intent: string;
  erreurs?: string[];
  /** Options listed above the search ("Vos choix"). */
  choisis: ResultatGeographie[];
  /** Options listed under it ("Résultats de la recherche"). */
  resultats: ResultatGeographie[];
  etat: (code: string) => EtatCase;
  /** The search shown (its term and announcement), if any. */
  recherche: RechercheGeographie | null;
  /**
   * Runs the search in the page with the typed term (JavaScript). Absent,
   * the button posts the whole form and the field gets the focus back
   * once the page is rendered again under it.
   */
  rechercher?: (terme: string) => void;
  /** Why the search cannot run yet: said in the live region, the button disabled. */
  bloquee?: string;
  /** `aria-live="polite"` on the announcement, besides its `status` role. */
  annonceVive?: boolean;
}

/**
 * A search among EPCI or communes whose matches are boxes (DESIGN §6
 * autocomplete without JavaScript; spec §5 Multi-select): the options
 * chosen ("Vos choix"), the search field with its "Rechercher" button and
 * the announcement of the matches, then the matches. Each option posts its
 * name in a hidden `code|nom` field, so that the next render still names it.
 */
export function RechercheTerritoires({
  id,
  type,
  indice,
  intent,
  erreurs,
  choisis,
  resultats,
  etat,
  recherche,
  rechercher,
  bloquee,
  annonceVive = false,
}: RechercheTerritoiresProps) {
  const textes = TEXTES_RECHERCHE[type];
  const prefixe = `${id}-${type}`;
  const champ = useRef<HTMLInputElement>(null);
  const bouton = useRef<HTMLButtonElement>(null);
  const postee = rechercher === undefined;

  useEffect(() => {
    if (postee && recherche) champ.current?.focus();
  }, [postee, recherche]);

  const lancer = () => rechercher?.(champ.current?.value ?? "");
  const options = { prefixe, name: type, libelles: textes.libelles, etat };

  return (
    <Fieldset id={prefixe} legend={textes.legende} regular errors={erreurs} errorsFirst>
      {choisis.length ? <ListeOptions titre="Vos choix :" liste={choisis} {...options} /> : null}
      <FieldsetElement>
        <Field
          id={`${prefixe}-recherche`}
          label={textes.libelle}
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
              disabled={bloquee !== undefined}
              onClick={
                postee
                  ? undefined
                  : (event) => {
                      event.preventDefault();
                      lancer();
                    }
              }
            >
              Rechercher
              <span className="fr-sr-only"> {textes.objet}</span>
            </button>
          }
        >
          <input
            ref={champ}
            type="search"
            name={textes.champ}
            defaultValue={recherche?.terme ?? ""}
            aria-describedby={`${prefixe}-annonce`}
            onKeyDown={(event) => {
              if (event.key !== "Enter") return;
              // Enter runs this search rather than the form's first button.
              event.preventDefault();
              if (postee) event.currentTarget.form?.requestSubmit(bouton.current);
              else if (bloquee === undefined) lancer();
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
          aria-live={annonceVive ? "polite" : undefined}
        >
          {bloquee ?? annonceDe(recherche)}
        </p>
      </FieldsetElement>
      {resultats.length ? (
        <ListeOptions titre="Résultats de la recherche :" liste={resultats} {...options} />
      ) : null}
    </Fieldset>
  );
}

/** A titled list of options, each a box with its name in a hidden `code|nom` field. */
function ListeOptions({
  titre,
  liste,
  prefixe,
  name,
  libelles,
  etat,
}: {
  titre: string;
  liste: ResultatGeographie[];
  prefixe: string;
  name: string;
  libelles: string;
  etat: (code: string) => EtatCase;
}) {
  return (
    <FieldsetElement>
      <p className="fr-text--sm fr-mb-1w">{titre}</p>
      {liste.map(({ code, nom }) => (
        <FieldsetElement key={code}>
          <Checkbox
            small
            id={`${prefixe}-${code}`}
            name={name}
            value={code}
            {...etat(code)}
            label={nom}
          />
          <input type="hidden" name={libelles} value={encoderOption({ code, nom })} />
        </FieldsetElement>
      ))}
    </FieldsetElement>
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
