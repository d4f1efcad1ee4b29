import {
  ETATS_AGREMENT,
  FILTRES_RAPPORT_ANNUEL,
  LIBELLES_ETAT_AGREMENT,
  LIBELLES_FILTRE_RAPPORT_ANNUEL,
  TRI_AGREMENTS_DEFAUT,
  type FiltresAgrements,
} from "#contract/schemas/agrements-liste";
import { CheckboxGroup } from "~/components/forms";
import {
  ChampRecherche,
  FormulaireFiltres,
  SelectFiltre,
  libelleOption,
  type OptionFiltre,
} from "~/components/listes/filtres";
import { lienAgrements } from "./liste-params";

/** Props of {@link FiltresAgrementsForm}. */
export interface FiltresAgrementsProps {
  filtres: FiltresAgrements;
  services: readonly OptionFiltre[];
  qualites: readonly OptionFiltre[];
  /** This page's path, without query: where "Réinitialiser" leads. */
  chemin: string;
}

/** Choices of the annual report select. */
const CHOIX_RAPPORT_ANNUEL = FILTRES_RAPPORT_ANNUEL.map((valeur) => ({
  valeur,
  libelle: LIBELLES_FILTRE_RAPPORT_ANNUEL[valeur],
}));

/** Labels of the `hasEtablissement` choices. */
const CHOIX_ETABLISSEMENT = [
  { valeur: "true", libelle: "Avec au moins un établissement référencé" },
  { valeur: "false", libelle: "Sans établissement référencé" },
];

/**
 * The active filters as short labels, for the summary of the folded form
 * (so that the table starts in the first screen).
 */
export function etiquettesFiltres(
  filtres: FiltresAgrements,
  services: readonly OptionFiltre[],
  qualites: readonly OptionFiltre[],
): string[] {
  return [
    ...(filtres.query ? [`« ${filtres.query} »`] : []),
    ...filtres.etat.map((etat) => LIBELLES_ETAT_AGREMENT[etat]),
    ...filtres.quality.map((code) => libelleOption(qualites, code)),
    ...filtres.servicesInstructeur.map((id) => libelleOption(services, String(id))),
    ...filtres.rapportAnnuelActivites.map((valeur) => LIBELLES_FILTRE_RAPPORT_ANNUEL[valeur]),
    ...(filtres.hasEtablissement === undefined
      ? []
      : [filtres.hasEtablissement ? "Avec établissement" : "Sans établissement"]),
  ];
}

/**
 * The filter form of the approvals list (spec §3 "Agrement list criteria"):
 * a plain GET form, so it works without JavaScript,
 * folded into a `<details>` (DSFR accordion look) whose summary lists the
 * active filters as tags, folded so that the table starts in the first
 * screen. Search (number, company,
 * SIREN), states (checkboxes), quality, service, annual report of the last
 * elapsed year, establishments. The sort travels in a hidden field; the
 * page goes back to 1. "Réinitialiser" is a link to the bare page.
 */
export function FiltresAgrementsForm({
  filtres,
  services,
  qualites,
  chemin,
}: FiltresAgrementsProps) {
  const etats = new Set<string>(filtres.etat);
  const select = (
    nom: "quality" | "servicesInstructeur" | "rapportAnnuelActivites" | "hasEtablissement",
    label: string,
    tous: string,
    choix: readonly OptionFiltre[],
    valeur: string | undefined,
  ) => (
    <SelectFiltre
      id={`filtres-agrements-${nom}`}
      name={nom === "hasEtablissement" ? nom : `${nom}[]`}
      label={label}
      tous={tous}
      choix={choix}
      valeur={valeur}
      colonne="fr-col-12 fr-col-md-6"
    />
  );
  return (
    <FormulaireFiltres
      id="filtres-agrements"
      titre="Rechercher et filtrer les agréments"
      etiquettes={etiquettesFiltres(filtres, services, qualites)}
      cle={lienAgrements(filtres)}
      chemin={chemin}
      tri={{ ordre: filtres.order, parDefaut: TRI_AGREMENTS_DEFAUT }}
    >
      <div className="fr-grid-row fr-grid-row--gutters">
        <ChampRecherche
          id="filtres-agrements-query"
          label="Rechercher (n° d'agrément, raison sociale, SIREN)"
          valeur={filtres.query}
        />
        <div className="fr-col-12">
          <CheckboxGroup
            id="filtres-agrements-etat"
            legend="État de l'agrément"
            inline
            options={ETATS_AGREMENT.map((etat) => ({
              props: {
                id: `filtres-agrements-etat-${etat}`,
                name: "etat[]",
                value: etat,
                defaultChecked: etats.has(etat),
              },
              label: LIBELLES_ETAT_AGREMENT[etat],
            }))}
          />
        </div>
        {select(
          "quality",
          "Qualité de la structure",
          "Toutes les qualités",
          qualites,
          filtres.quality[0],
        )}
        {select(
          "servicesInstructeur",
          "Service instructeur",
          "Tous les services",
          services,
          filtres.servicesInstructeur[0]?.toString(),
        )}
        {select(
          "rapportAnnuelActivites",
          "Rapport annuel d'activité",
          "Tous",
          CHOIX_RAPPORT_ANNUEL,
          filtres.rapportAnnuelActivites[0],
        )}
        {select(
          "hasEtablissement",
          "Établissements",
          "Tous",
          CHOIX_ETABLISSEMENT,
          filtres.hasEtablissement === undefined ? undefined : String(filtres.hasEtablissement),
        )}
      </div>
    </FormulaireFiltres>
  );
}
