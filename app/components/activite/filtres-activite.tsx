import {
  activiteFiltree,
  versParamsActivite,
  type ErreursPeriode,
  type FiltresActivite,
} from "#contract/schemas/activites";
import { Checkbox, Field } from "~/components/forms";
import { FormulaireFiltres, SelectsFiltres, type SelectDecrit } from "~/components/listes/filtres";
import { libelleOption, type OptionFiltre } from "~/components/listes/options";

/** The grid cell of each field but the last: four to a row on a large screen. */
const COLONNE = "fr-col-12 fr-col-md-6 fr-col-lg-3";

/** The period's date fields: end of their id, label, name. */
const PERIODE = [
  ["debut", "Début de période", "dateDebut"],
  ["fin", "Fin de période", "dateFin"],
] as const;

/** Props of {@link FiltresActiviteForm}. */
export interface FiltresActiviteProps {
  filtres: FiltresActivite;
  /** The period as typed, kept when it is refused. */
  saisie: { dateDebut: string; dateFin: string };
  erreurs: ErreursPeriode;
  qualites: readonly OptionFiltre[];
  services: readonly OptionFiltre[];
  regions: readonly OptionFiltre[];
  departements: readonly OptionFiltre[];
}

/**
 * The activity filters of spec §9 as a plain GET form (works without
 * JavaScript): period start and end (date fields, the end not before the
 * start, error on the end field as spec §5 says), structure quality,
 * instructing service, head-office région and département, and "deemed
 * rejected only". Folded ({@link FormulaireFiltres}, open while a filter is
 * set or an error shown) with the active filters as tags in its summary, so
 * that the figures start in the first screen. "Réinitialiser" is a link to the bare page.
 */
export function FiltresActiviteForm({
  filtres,
  saisie,
  erreurs,
  qualites,
  services,
  regions,
  departements,
}: FiltresActiviteProps) {
  const prefixe = "filtres-activite";
  const selects: SelectDecrit<keyof FiltresActivite>[] = [
    ["quality", "Qualité de la structure", "Toutes les qualités", qualites, "qualite"],
    ["servicesInstructeur", "Service instructeur", "Tous les services", services, "service"],
    ["region", "Région du siège", "Toutes les régions", regions],
    ["departement", "Département du siège", "Tous les départements", departements],
  ];
  return (
    <FormulaireFiltres
      id={prefixe}
      titre="Filtrer l'activité"
      etiquettes={resumeFiltres(filtres, { qualites, services, regions, departements })}
      ouvert={activiteFiltree(filtres) || Object.keys(erreurs).length > 0}
      cle={versParamsActivite(filtres).toString()}
      chemin="/activite"
    >
      <div className="fr-grid-row fr-grid-row--gutters">
        {PERIODE.map(([id, label, nom]) => (
          <div key={nom} className={COLONNE}>
            <Field
              id={`${prefixe}-${id}`}
              label={label}
              hint="Format attendu : JJ/MM/AAAA"
              errors={erreurs[nom]}
            >
              <input type="date" name={nom} defaultValue={saisie[nom]} />
            </Field>
          </div>
        ))}
        <SelectsFiltres prefixe={prefixe} colonne={COLONNE} filtres={filtres} selects={selects} />
        <div className="fr-col-12 fr-col-lg-6">
          <Checkbox
            id={`${prefixe}-reputes`}
            name="reputesRejetes"
            value="true"
            label="Dossiers réputés rejetés seulement"
            defaultChecked={filtres.reputesRejetes}
          />
        </div>
      </div>
    </FormulaireFiltres>
  );
}

/** The active filters in words, for the summary of the fold. */
function resumeFiltres(
  filtres: FiltresActivite,
  choix: Pick<FiltresActiviteProps, "qualites" | "services" | "regions" | "departements">,
): string[] {
  const jma = (iso: string) => iso.split("-").reverse().join("/");
  const resume: string[] = [];
  if (filtres.dateDebut) resume.push(`Depuis le ${jma(filtres.dateDebut)}`);
  if (filtres.dateFin) resume.push(`Jusqu'au ${jma(filtres.dateFin)}`);
  for (const q of filtres.quality) resume.push(libelleOption(choix.qualites, q));
  for (const s of filtres.servicesInstructeur)
    resume.push(libelleOption(choix.services, String(s)));
  for (const r of filtres.region) resume.push(libelleOption(choix.regions, r));
  for (const d of filtres.departement) resume.push(libelleOption(choix.departements, d));
  if (filtres.reputesRejetes) resume.push("Réputés rejetés seulement");
  return resume;
}
