/**
 * `suiviActivite.csv` (spec §7 `GET /api/activities/export`, §9 exports;
 * ADR 0027): the indicators and each breakdown of the
 * activity for the reader and the filters, one line per figure with three
 * columns (Rubrique, Libellé, Valeur), with the portal's CSV conventions
 * (api/exports/csv.ts: `;`, BOM, header row), streamed section by section.
 * Only aggregates are read: the file stays small whatever the data size.
 */
import { LIBELLES_ETAPES, type FiltresActivite } from "../../../contract/schemas/activites.ts";
import { ETAPES_INSTRUCTION } from "../../../contract/statuts.ts";
import { afficherDecimal } from "../../../contract/validation.ts";
import { fluxCsvParLots, TYPE_CSV, type ColonneCsv } from "../../exports/csv.ts";
import type { FichierEnFlux } from "../../exports/fichier.ts";
import {
  detailsAgrementsAccordes,
  detailsChargeInstructeurs,
  detailsDelaiMoyen,
  detailsDeposee,
  detailsReputesRejetes,
  indicateursActivite,
  type ContexteActivite,
} from "./indicateurs.ts";

/** File name of the export (spec §9). */
export const NOM_CSV_ACTIVITE = "suiviActivite.csv";

/** One line of the export. */
export interface LigneActivite {
  rubrique: string;
  libelle: string;
  valeur: string;
}

const COLONNES: readonly ColonneCsv<LigneActivite>[] = [
  { entete: "Rubrique", valeur: (l) => l.rubrique },
  { entete: "Libellé", valeur: (l) => l.libelle },
  { entete: "Valeur", valeur: (l) => l.valeur },
];

const ligne = (
  rubrique: string,
  libelle: string,
  valeur: number | string | null,
): LigneActivite => ({
  rubrique,
  libelle,
  valeur: valeur === null ? "" : typeof valeur === "number" ? afficherDecimal(valeur) : valeur,
});

/** The filters as the first lines of the file, so that a saved file says what it counts. */
function lignesFiltres(filtres: FiltresActivite): LigneActivite[] {
  const jma = (iso: string) => iso.split("-").reverse().join("/");
  return [
    ligne("Filtres", "Début de période", filtres.dateDebut ? jma(filtres.dateDebut) : ""),
    ligne("Filtres", "Fin de période", filtres.dateFin ? jma(filtres.dateFin) : ""),
    ligne("Filtres", "Qualités", filtres.quality.join(", ")),
    ligne("Filtres", "Services instructeurs", filtres.servicesInstructeur.join(", ")),
    ligne("Filtres", "Départements", filtres.departement.join(", ")),
    ligne("Filtres", "Régions", filtres.region.join(", ")),
    ligne("Filtres", "Réputés rejetés seulement", filtres.reputesRejetes ? "Oui" : "Non"),
  ];
}

/** Each section's lines, read one after the other as the file is pulled. */
async function* sections(contexte: ContexteActivite): AsyncGenerator<LigneActivite[]> {
  const i = await indicateursActivite(contexte);
  const rubrique = "Indicateurs";
  yield [
    ...lignesFiltres(contexte.filtres),
    ligne(rubrique, "Comptes créés", i.nbCreatedUsers),
    ligne(rubrique, "Agréments validés", i.nbDemandesValidees),
    ligne(rubrique, "Agréments refusés", i.nbDemandesRefusees),
    ligne(rubrique, "Agréments accordés", i.agrementsAccordes.total),
    ligne(rubrique, "Agréments actifs", i.agrementsAccordes.actifs),
    ligne(rubrique, "dont en procédure sans suspension", i.agrementsAccordes.procedureEnCours),
    ligne(rubrique, "Agréments suspendus", i.agrementsAccordes.suspendus),
    ligne(rubrique, "Agréments retirés", i.agrementsAccordes.retires),
    ligne(rubrique, "Agréments périmés", i.agrementsAccordes.perimes),
    ligne(rubrique, "Dossiers déposés", i.nbDemandesDeposees.total),
    ...ETAPES_INSTRUCTION.map((etape) =>
      ligne(
        "Dossiers déposés par étape",
        LIBELLES_ETAPES[etape],
        i.nbDemandesDeposees.parEtape[etape],
      ),
    ),
    ligne(rubrique, "Délai moyen de traitement (jours)", i.nbJoursTraitement.moyenne),
    ligne(rubrique, "Décisions prises en compte dans le délai", i.nbJoursTraitement.nbDecisions),
    ligne(rubrique, "Dossiers réputés rejetés", i.nbReputesRejetes),
    ...i.nbDossiersInstructeurs.map((s) => ligne("Dossiers par service", s.service, s.nbDossiers)),
  ];
  yield (await detailsDeposee(contexte)).flatMap((m) => [
    ligne("Dossiers déposés par mois", m.mois, m.deposees),
    ligne("Agréments validés par mois", m.mois, m.validees),
    ligne("Agréments refusés par mois", m.mois, m.refusees),
  ]);
  const delais = await detailsDelaiMoyen(contexte);
  yield [
    ...delais.parMois.map((m) => ligne("Délai moyen par mois (jours)", m.mois, m.moyenne)),
    ...delais.distribution.map((t) => ligne("Répartition des délais", t.libelle, t.nb)),
  ];
  yield (await detailsChargeInstructeurs(contexte)).map((c) =>
    ligne("Dossiers par instructeur", `${c.service} – ${c.instructeur}`, c.nbDossiers),
  );
  yield (await detailsReputesRejetes(contexte)).map((d) =>
    ligne(
      "Réputés rejetés par département",
      `${d.codeDepartement ?? ""} ${d.departement}`.trim(),
      d.nbReputesRejetes + d.nbRejeteesTacitement,
    ),
  );
  yield (await detailsAgrementsAccordes(contexte)).flatMap((d) => {
    const libelle = `${d.codeDepartement ?? ""} ${d.departement}`.trim();
    return [
      ligne("Agréments actifs par département", libelle, d.actifs),
      ligne("Agréments suspendus par département", libelle, d.suspendus),
      ligne("Agréments retirés par département", libelle, d.retires),
    ];
  });
}

/**
 * The file of `GET /api/activities/export` for `contexte` (reader and
 * filters): `suiviActivite.csv` as a byte stream. The first section is
 * computed before this resolves, so that a database failure rejects here
 * (and still answers as JSON); the others are computed as the stream is read.
 */
export async function fichierExportActivite(contexte: ContexteActivite): Promise<FichierEnFlux> {
  return {
    nomFichier: NOM_CSV_ACTIVITE,
    typeMime: TYPE_CSV,
    contenu: await fluxCsvParLots(COLONNES, sections(contexte)),
  };
}
