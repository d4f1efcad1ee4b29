/**
 * `npm run seed -- --scale N`: the national-scale dataset (docs/architecture.md
 * "Jeu de données à l'échelle"), written on top of the reference and demo
 * data in one transaction: all of it or nothing. A marker in `meta`
 * refuses a second load unless `reinitialiser` first deletes the previous
 * one (its rows only: every id of the dataset starts with PREFIXE_UUID).
 */
import { sql } from "drizzle-orm";
import type { Database, Db } from "../../client.ts";
import type { FileStore } from "../../../files/types.ts";
import { aujourdhuiParis } from "../../../../contract/validation.ts";
import { ErreurEchelle } from "./arguments.ts";
import { stockerDocuments } from "./documents.ts";
import { ecrireLot, inserer, mesurer, reserver, type Mesures } from "./ecriture.ts";
import { PLAGE_UUID } from "./identifiants.ts";
import { TABLES_LOT, type Numerotation } from "./contexte.ts";
import { Generateur } from "./lignes.ts";
import { GRAINE_PAR_DEFAUT, nombreHistorique, planifier, type Plan } from "./plan.ts";
import { chargerReferentiel, type Referentiel } from "./referentiel.ts";

export { ErreurEchelle };

/** Key of the marker in `meta`: the options of the dataset loaded. */
export const CLE_META_ECHELLE = "jeu_echelle";
/** Companies generated and written per slice (rows of a slice are then freed). */
const SOCIETES_PAR_TRANCHE = 500;

export interface OptionsEchelle {
  echelle: number;
  graine?: number;
  /** "AAAA-MM-JJ": the day the dataset is generated for (default: today in Europe/Paris). */
  aujourdhui?: string;
  /** Delete the dataset already loaded, if any, before loading this one. */
  reinitialiser?: boolean;
  /** Progress lines (French). */
  journal?: (ligne: string) => void;
  /**
   * Adjusts the plan before any row is generated (the demo dataset puts the
   * demo staff in its teams, api/db/seed/demo-dossiers.ts) and returns the
   * ids of staff accounts that already exist: their rows are not written.
   */
  adapterPlan?: (plan: Plan, referentiel: Referentiel) => ReadonlySet<string>;
}

export interface BilanEchelle {
  plan: Plan;
  /** Rows and milliseconds by table, in insertion order. */
  mesures: Mesures;
  /** Rows deleted by the reset, by table (empty without reset). */
  supprimees: Map<string, number>;
  dureeMs: number;
}

/**
 * Loads the dataset of scale `echelle` into `database`, storing its two
 * PDF files in `stockage`. Throws {@link ErreurEchelle} (nothing written)
 * when a dataset is already loaded and `reinitialiser` is not set, or when
 * companies or accounts of the database already use the dataset's SIRENs
 * or e-mail addresses.
 */
export async function chargerEchelle(
  database: Database,
  stockage: FileStore,
  options: OptionsEchelle,
): Promise<BilanEchelle> {
  const debut = performance.now();
  const journal = options.journal ?? (() => {});
  // Checked again under the lock below; refusing here spares computing the plan.
  if (!options.reinitialiser) refuserSiDejaCharge(await database.query(SELECT_MARQUE));
  const referentiel = await chargerReferentiel(database);
  const plan = planifier(referentiel, {
    echelle: options.echelle,
    graine: options.graine ?? GRAINE_PAR_DEFAUT,
    aujourdhui: options.aujourdhui ?? aujourdhuiParis(),
  });
  const existants = options.adapterPlan?.(plan, referentiel) ?? new Set<string>();
  const mesures: Mesures = new Map([
    ["plan (calcul)", { lignes: 0, ms: performance.now() - debut }],
  ]);
  journal(
    `Plan calculé en ${((performance.now() - debut) / 1000).toFixed(1)} s : ${plan.societes.length} sociétés, ${plan.dossiers.length} demandes.`,
  );
  const fichiers = await stockerDocuments(stockage);
  const supprimees = new Map<string, number>();

  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${CLE_META_ECHELLE}))`);
    const marque = await lire(tx, `select value from meta where key = '${CLE_META_ECHELLE}'`);
    if (marque[0] && !options.reinitialiser) {
      const { echelle, date } = JSON.parse(String(marque[0].value)) as {
        echelle: number;
        date: string;
      };
      throw new ErreurEchelle(
        `Un jeu de données à l'échelle ${echelle} est déjà chargé dans cette base (le ${date.slice(0, 10)}). Relancez avec --reset pour le remplacer : seules ses lignes seront supprimées.`,
      );
    }
    if (options.reinitialiser) {
      const debutSuppression = performance.now();
      for (const [table, nombre] of await supprimer(tx)) supprimees.set(table, nombre);
      mesurer(mesures, "--reset (suppression)", 0, performance.now() - debutSuppression);
    }
    await verifierConflits(tx, plan);

    const debutNumeros = performance.now();
    const numeros = numerotation(
      await reserver(
        tx,
        "numero_dossier_seq",
        plan.dossiers.filter((dossier) => dossier.ordinalNumero !== null).length,
      ),
      await reserver(
        tx,
        "numero_agrement_seq",
        plan.dossiers.filter((dossier) => dossier.agrement).length,
      ),
      await reserver(tx, "historique_id_seq", nombreHistorique(plan)),
    );
    mesurer(mesures, "numéros réservés", 0, performance.now() - debutNumeros);
    const generateur = new Generateur(plan, referentiel, numeros, fichiers);

    await inserer(
      tx,
      "utilisateur",
      generateur.personnel().filter((agent) => !existants.has(agent.id!)),
      mesures,
    );
    for (let premier = 0; premier < plan.societes.length; premier += SOCIETES_PAR_TRANCHE) {
      const lot = generateur.societes(premier, premier + SOCIETES_PAR_TRANCHE);
      await ecrireLot(tx, lot, TABLES_LOT, mesures);
      journal(
        `  ${Math.min(premier + SOCIETES_PAR_TRANCHE, plan.societes.length)} / ${plan.societes.length} sociétés écrites`,
      );
    }
    await tx.execute(
      sql`insert into meta (key, value) values (${CLE_META_ECHELLE}, ${JSON.stringify({
        echelle: options.echelle,
        graine: plan.options.graine,
        aujourdhui: plan.options.aujourdhui,
        date: new Date().toISOString(),
      })}) on conflict (key) do update set value = excluded.value`,
    );
  });
  return { plan, mesures, supprimees, dureeMs: performance.now() - debut };
}

const SELECT_MARQUE = `select value from meta where key = '${CLE_META_ECHELLE}'`;

/** Throws {@link ErreurEchelle} when `marque` (rows of {@link SELECT_MARQUE}) holds a loaded dataset. */
function refuserSiDejaCharge(marque: Record<string, unknown>[]): void {
  if (!marque[0]) return;
  const { echelle, date } = JSON.parse(String(marque[0].value)) as {
    echelle: number;
    date: string;
  };
  throw new ErreurEchelle(
    `Un jeu de données à l'échelle ${echelle} est déjà chargé dans cette base (le ${date.slice(0, 10)}). Relancez avec --reset pour le remplacer : seules ses lignes seront supprimées.`,
  );
}

/** Numbers handed out by the database, by rank. */
function numerotation(dossiers: number[], agrements: number[], historique: number[]): Numerotation {
  return {
    dossier: (ordinal) => dossiers[ordinal],
    agrement: (ordinal) => agrements[ordinal],
    historique: (rang) => historique[rang],
  };
}

/** Rows of a raw query inside `tx`. */
async function lire(tx: Db, texte: string): Promise<Record<string, unknown>[]> {
  return ((await tx.execute(sql.raw(texte))) as unknown as { rows: Record<string, unknown>[] })
    .rows;
}

/**
 * Refuses (French error) when companies or accounts outside the dataset
 * already hold its SIRENs or e-mail addresses: the dataset would not fit.
 */
async function verifierConflits(tx: Db, plan: Plan): Promise<void> {
  const sirens = plan.societes.map((societe) => societe.siren);
  const [{ n: societes }] = (
    (await tx.execute(
      sql`select count(*)::int as n from societe where siren in (select jsonb_array_elements_text(${JSON.stringify(sirens)}::jsonb))`,
    )) as unknown as { rows: { n: number }[] }
  ).rows;
  if (societes > 0)
    throw new ErreurEchelle(
      `${societes} société(s) de la base portent déjà un SIREN du jeu de données : chargez-le dans une autre base.`,
    );
  const emails = plan.societes.map((societe) => societe.representant.email);
  const [{ n: comptes }] = (
    (await tx.execute(
      sql`select count(*)::int as n from utilisateur where lower(email) in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))`,
    )) as unknown as { rows: { n: number }[] }
  ).rows;
  if (comptes > 0)
    throw new ErreurEchelle(
      `${comptes} compte(s) de la base utilisent déjà une adresse du jeu de données : chargez-le dans une autre base.`,
    );
}

/**
 * Deletes the dataset (rows whose id, or whose resource's id, lies in the
 * dataset's range) and its marker, children first. Rows the portal added
 * on the dataset's files since (history, messages, attachments) go with
 * them; nothing else is touched. Returns the rows deleted by table.
 */
export async function supprimer(tx: Db): Promise<Map<string, number>> {
  const plage = sql`between ${PLAGE_UUID.debut}::uuid and ${PLAGE_UUID.fin}::uuid`;
  const supprimees = new Map<string, number>();
  const executer = async (table: string, condition: ReturnType<typeof sql>) => {
    const resultat = (await tx.execute(
      sql`delete from ${sql.raw(`"${table}"`)} where ${condition}`,
    )) as unknown as { rowCount?: number; affectedRows?: number };
    supprimees.set(
      table,
      (supprimees.get(table) ?? 0) + (resultat.rowCount ?? resultat.affectedRows ?? 0),
    );
  };
  await executer("agrement", sql`id ${plage} or demande_id ${plage} or societe_id ${plage}`);
  for (const table of [
    "historique",
    "avis",
    "note",
    "message",
    "info_complementaire",
    "lecture",
    "piece_jointe",
  ])
    await executer(
      table,
      sql`ressource_type in ('demande', 'changement-notable', 'agrement') and ressource_id ${plage}`,
    );
  await executer("piece_jointe", sql`id ${plage}`);
  await executer("procedure_agrement", sql`demande_id ${plage}`);
  await executer("demande", sql`id ${plage} or societe_id ${plage}`);
  await executer("utilisateur", sql`id ${plage}`);
  // Registry rows carry no id of the range: those of the dataset's SIRENs.
  await executer(
    "registre_etablissement",
    sql`siren in (select siren from societe where id ${plage})`,
  );
  await executer("societe", sql`id ${plage}`);
  await executer("meta", sql`key = ${CLE_META_ECHELLE}`);
  return supprimees;
}
