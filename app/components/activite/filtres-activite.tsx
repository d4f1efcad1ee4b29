import {
  activiteFiltree,
  versParamsActivite,
  type ErreursPeriode,
  type FiltresActivite,
} from "#contract/schemas/activites";
import { Checkbox, Field } from "~/components/forms";
import {
  FormulaireFiltres,
  SelectFiltre,
  libelleOption,
  type OptionFiltre,
} from "~/components/listes/filtres";

/** The grid cell of each field but the last: four to a row on a large screen. */
const COLONNE = "fr-col-12 fr-col-md-6 fr-col-lg-3";

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
        <div className={COLONNE}>
          <Field
            id={`${prefixe}-debut`}
            label="Début de période"
            hint="Format attendu : JJ/MM/AAAA"
            errors={erreurs.dateDebut}
          >
            <input type="date" name="dateDebut" defaultValue={saisie.dateDebut} />
          </Field>
        </div>
        <div className={COLONNE}>
          <Field
            id={`${prefixe}-fin`}
            label="Fin de période"
            hint="Format attendu : JJ/MM/AAAA"
            errors={erreurs.dateFin}
          >
            <input type="date" name="dateFin" defaultValue={saisie.dateFin} />
          </Field>
        </div>
        <SelectFiltre
          id={`${prefixe}-qualite`}
          name="quality[]"
          label="Qualité de la structure"
          tous="Toutes les qualités"
          choix={qualites}
          valeur={filtres.quality[0]}
          colonne={COLONNE}
        />
        <SelectFiltre
          id={`${prefixe}-service`}
          name="servicesInstructeur[]"
          label="Service instructeur"
          tous="Tous les services"
          choix={services}
          valeur={filtres.servicesInstructeur[0]?.toString()}
          colonne={COLONNE}
        />
        <SelectFiltre
          id={`${prefixe}-region`}
          name="region[]"
          label="Région du siège"
          tous="Toutes les régions"
          choix={regions}
          valeur={filtres.region[0]}
          colonne={COLONNE}
        />
        <SelectFiltre
          id={`${prefixe}-departement`}
          name="departement[]"
          label="Département du siège"
          tous="Tous les départements"
          choix={departements}
          valeur={filtres.departement[0]}
          colonne={COLONNE}
        />
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
