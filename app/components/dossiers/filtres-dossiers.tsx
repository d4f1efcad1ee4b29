import { Link } from "@remix-run/react";
import { ETATS_DEMANDE, estBrouillon, TYPES_CHANGEMENT_NOTABLE } from "#contract/etats";
import { LIBELLES_ETAT_DEMANDE } from "#contract/libelles";
import type { FiltresDemandes } from "#contract/schemas/listes";
import { ETAPES_INSTRUCTION } from "#contract/statuts";
import { CheckboxGroup } from "~/components/forms";
import {
  CasesFiltre,
  ChampRecherche,
  FormulaireFiltres,
  SelectsFiltres,
  type SelectDecrit,
} from "~/components/listes/filtres";
import { choixFiltre, libelleOption, type OptionFiltre } from "~/components/listes/options";
import { libelleEtape } from "./badges";
import { lienFiltres, type OngletDossiers } from "./liste-params";

/** The choices of the filter form that come from the API. */
export interface OptionsFiltres {
  instructeurs: OptionFiltre[];
  services: OptionFiltre[];
  departements: OptionFiltre[];
  regions: OptionFiltre[];
  qualites: OptionFiltre[];
}

/** The choices of one filter as a loader sends them: values and labels side by side. */
export interface ChoixCompacts {
  valeurs: string[];
  libelles: string[];
}

/**
 * {@link OptionsFiltres} as the list loaders send them (ADR 0029). The
 * ≈ 250 choices (109 départements, the services…) are
 * rendered in the page's `<select>`s and sent again in the hydration data;
 * one object per choice cost each one its two keys there, ≈ 30 bytes of
 * HTML. Side by side, the data of the list page shrinks by a third.
 */
export type OptionsFiltresCompactes = Record<keyof OptionsFiltres, ChoixCompacts>;

/** The choices of `options` side by side ({@link OptionsFiltresCompactes}), in the same order. */
export function compacterOptions(options: OptionsFiltres): OptionsFiltresCompactes {
  const compacter = (choix: readonly OptionFiltre[]): ChoixCompacts => ({
    valeurs: choix.map((option) => option.valeur),
    libelles: choix.map((option) => option.libelle),
  });
  return {
    instructeurs: compacter(options.instructeurs),
    services: compacter(options.services),
    departements: compacter(options.departements),
    regions: compacter(options.regions),
    qualites: compacter(options.qualites),
  };
}

/** The choices of {@link compacterOptions} as {@link OptionsFiltres} again. */
export function deplierOptions(compactes: OptionsFiltresCompactes): OptionsFiltres {
  const deplier = ({ valeurs, libelles }: ChoixCompacts): OptionFiltre[] =>
    valeurs.map((valeur, index) => ({ valeur, libelle: libelles[index] }));
  return {
    instructeurs: deplier(compactes.instructeurs),
    services: deplier(compactes.services),
    departements: deplier(compactes.departements),
    regions: deplier(compactes.regions),
    qualites: deplier(compactes.qualites),
  };
}

/** French label of a notable-change type. */
export const LIBELLES_TYPE_CHANGEMENT: Record<(typeof TYPES_CHANGEMENT_NOTABLE)[number], string> = {
  extension_perimetre: "Extension du périmètre d'intervention",
};

/** `instructeur[]` value the API reads as "not assigned yet", and its choice. */
const INSTRUCTEUR_AUCUN = "aucun";
const NON_AFFECTE = { valeur: INSTRUCTEUR_AUCUN, libelle: "Non affecté" };

/** The lists' default order (spec §9), left out of the URL. */
const TRI_DOSSIERS_DEFAUT: FiltresDemandes["order"] = { field: "dateDepot", direction: "desc" };

/** Choices of the state select: staff never see drafts (DESIGN §4), no filter on them. */
const CHOIX_ETATS = choixFiltre(
  ETATS_DEMANDE.filter((etat) => !estBrouillon(etat)),
  LIBELLES_ETAT_DEMANDE,
);

/** Choices of the notable-change type select and of the step checkboxes. */
const CHOIX_TYPES_CHANGEMENT = choixFiltre(TYPES_CHANGEMENT_NOTABLE, LIBELLES_TYPE_CHANGEMENT);
const CHOIX_ETAPES = ETAPES_INSTRUCTION.map((valeur) => ({
  valeur,
  libelle: libelleEtape(valeur),
}));

/** The two deadline filters: key, label of the quick filter and of the tag, label of the checkbox. */
const DELAIS = [
  ["reputesRejetes", "Réputés rejetés", "Réputés rejetés uniquement"],
  ["expireBientot", "Expirent bientôt", "Expirant bientôt uniquement"],
] as const;

/**
 * The active filters of a staff list as short labels (search, state, step,
 * instructor, service, quality, département, région, change type, the two
 * deadline filters), for the tags of the folded form's summary. An id the
 * options do not name shows as given.
 */
export function etiquettesFiltresDossiers(
  filtres: FiltresDemandes,
  options: OptionsFiltres,
): string[] {
  return [
    ...(filtres.query ? [`« ${filtres.query} »`] : []),
    ...filtres.etat.map((etat) => LIBELLES_ETAT_DEMANDE[etat]),
    ...filtres.etape.map((etape) => libelleEtape(etape)),
    ...filtres.instructeur.map((id) =>
      id === INSTRUCTEUR_AUCUN ? "Non affecté" : libelleOption(options.instructeurs, id),
    ),
    ...filtres.servicesInstructeur.map((id) => libelleOption(options.services, String(id))),
    ...filtres.quality.map((code) => libelleOption(options.qualites, code)),
    ...filtres.departement.map((code) => libelleOption(options.departements, code)),
    ...filtres.region.map((code) => libelleOption(options.regions, code)),
    ...filtres.type.map(
      (type) => LIBELLES_TYPE_CHANGEMENT[type as keyof typeof LIBELLES_TYPE_CHANGEMENT] ?? type,
    ),
    ...DELAIS.filter(([cle]) => filtres[cle]).map(([, libelle]) => libelle),
  ];
}

/** Props of {@link FiltresDossiers}. */
export interface FiltresDossiersProps {
  onglet: OngletDossiers;
  filtres: FiltresDemandes;
  options: OptionsFiltres;
}

/**
 * The filter form of a staff list (spec §3 Instruction
 * dashboard filters): a plain GET form, so it works without JavaScript;
 * search (file number, company name, SIREN), state, instruction step,
 * instructor, service, quality, head office's département and région,
 * notable-change type on that tab, and the two deadline filters. The
 * current sort travels in a hidden field; the page goes back to 1.
 * "Réinitialiser" is a link to the bare page. The form is folded
 * ({@link FormulaireFiltres}: the table starts in the first screen, the
 * summary shows the active filters as tags).
 */
export function FiltresDossiers({ onglet, filtres, options }: FiltresDossiersProps) {
  const prefixe = `filtres-${onglet.segment}`;
  const selects: SelectDecrit<keyof FiltresDemandes>[] = [
    ["etat", "État", "Tous les états", CHOIX_ETATS],
    ["instructeur", "Instructeur", "Tous les instructeurs", [NON_AFFECTE, ...options.instructeurs]],
    ["servicesInstructeur", "Service instructeur", "Tous les services", options.services],
    ["quality", "Qualité de la structure", "Toutes les qualités", options.qualites],
    ["departement", "Département du siège", "Tous les départements", options.departements],
    ["region", "Région du siège", "Toutes les régions", options.regions],
  ];
  if (onglet.kind === "changement-notable")
    selects.push(["type", "Type de changement", "Tous les types", CHOIX_TYPES_CHANGEMENT]);
  return (
    <FormulaireFiltres
      id={prefixe}
      titre="Filtrer les dossiers"
      etiquettes={etiquettesFiltresDossiers(filtres, options)}
      cle={lienFiltres(filtres)}
      tri={{ ordre: filtres.order, parDefaut: TRI_DOSSIERS_DEFAUT }}
      espaceBoutons={false}
    >
      <div className="fr-grid-row fr-grid-row--gutters">
        <ChampRecherche
          id={`${prefixe}-query`}
          label="Rechercher (n° de dossier, raison sociale, SIREN)"
          valeur={filtres.query}
        />
        <SelectsFiltres
          prefixe={prefixe}
          colonne="fr-col-12 fr-col-md-6 fr-col-lg-4"
          filtres={filtres}
          selects={selects}
        />
      </div>
      <FiltresEtapeEtDelai prefixe={prefixe} filtres={filtres} />
    </FormulaireFiltres>
  );
}

/**
 * The second row of a staff list's filters: the instruction steps and the
 * two deadline filters as checkboxes (ids under `prefixe`).
 */
function FiltresEtapeEtDelai({ prefixe, filtres }: { prefixe: string; filtres: FiltresDemandes }) {
  return (
    <div className="fr-grid-row fr-grid-row--gutters">
      <CasesFiltre
        prefixe={prefixe}
        cle="etape"
        legend="Étape d'instruction"
        choix={CHOIX_ETAPES}
        valeurs={filtres.etape}
        colonne="fr-col-12 fr-col-md-6"
      />
      <div className="fr-col-12 fr-col-md-6">
        <CheckboxGroup
          id={`${prefixe}-delai`}
          legend="Délai d'instruction"
          options={DELAIS.map(([cle, , libelle]) => ({
            props: {
              id: `${prefixe}-${cle}`,
              name: cle,
              value: "true",
              defaultChecked: filtres[cle],
            },
            label: libelle,
          }))}
        />
      </div>
    </div>
  );
}

/**
 * The quick filters of a staff list ("Réputés rejetés", "Expirent bientôt"):
 * tag links toggling one deadline filter, beside the number of results so that
 * they take no line of their own (the table in the first screen).
 */
export function FiltresRapides({ filtres }: { filtres: FiltresDemandes }) {
  return (
    <ul className="fr-tags-group fr-mb-0" aria-label="Filtres rapides">
      {DELAIS.map(([cle, libelle]) => (
        <li key={cle}>
          <Link
            to={lienFiltres(filtres, { [cle]: !filtres[cle], page: 1 })}
            className={filtres[cle] ? "fr-tag fr-tag--icon-left fr-icon-check-line" : "fr-tag"}
            aria-current={filtres[cle] ? "true" : undefined}
          >
            {libelle}
            {filtres[cle] ? <span className="fr-sr-only"> (filtre actif, le retirer)</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
