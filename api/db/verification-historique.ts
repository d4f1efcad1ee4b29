/**
 * Checks the hash chain of the history (ADR 0033): each
 * `historique` row carries `empreinte`, the sha256 of its canonical content
 * and of `empreinte_precedente`, the `empreinte` of the previous row of the
 * same resource (migration 0013 computes both in a trigger). This module
 * reads every row, recomputes each hash with the database's own function
 * (`historique_empreinte`, one definition of the canonical content) and
 * follows the links, resource by resource.
 */
import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";

/** Why a row breaks its resource's chain. */
export type MotifRupture =
  | "sans_empreinte"
  | "contenu_modifie"
  | "maillon_manquant"
  | "debut_en_double"
  | "embranchement"
  | "sans_debut";

/** French wording of each {@link MotifRupture}, as the command prints it. */
export const LIBELLES_RUPTURE: Record<MotifRupture, string> = {
  sans_empreinte: "ligne sans empreinte (écrite sans passer par la chaîne)",
  contenu_modifie: "contenu modifié : l'empreinte ne correspond plus à la ligne",
  maillon_manquant:
    "maillon manquant : la ligne précédente a été supprimée ou son empreinte réécrite",
  debut_en_double: "second début de chaîne : la ligne ne désigne aucune ligne précédente",
  embranchement: "embranchement : une autre ligne désigne déjà la même ligne précédente",
  sans_debut: "chaîne sans début : aucune ligne ne commence la chaîne",
};

/** One row that breaks the chain of its resource. */
export interface Rupture {
  ressourceType: string;
  ressourceId: string;
  /** `historique.id` of the row. */
  historiqueId: number;
  motif: MotifRupture;
}

/** What {@link verifierHistorique} found. */
export interface BilanVerification {
  /** Rows read. */
  lignes: number;
  /** Resources (chains) read. */
  ressources: number;
  /** Every break, by resource then row id; empty when the history is intact. */
  ruptures: Rupture[];
}

interface LigneLue {
  id: number;
  ressource_type: string;
  ressource_id: string;
  empreinte: string | null;
  empreinte_precedente: string | null;
  recalculee: string;
}

/** Rows read per query: keeps memory flat on a national-scale history. */
const TAILLE_PAGE = 20_000;

/**
 * The breaks of one resource's rows (sorted by id): a row whose hash is
 * missing or no longer matches its content; a row naming a previous hash no
 * row of the resource has (a row deleted or rewritten before it); a second
 * row starting the chain; two rows naming the same previous row; no start.
 */
function rupturesDe(lignes: LigneLue[]): Rupture[] {
  const ruptures: Rupture[] = [];
  const rompre = (ligne: LigneLue, motif: MotifRupture) =>
    ruptures.push({
      ressourceType: ligne.ressource_type,
      ressourceId: ligne.ressource_id,
      historiqueId: ligne.id,
      motif,
    });
  const empreintes = new Set(lignes.map((ligne) => ligne.empreinte));
  const suivantes = new Set<string>();
  let debut = false;
  for (const ligne of lignes) {
    if (ligne.empreinte === null) rompre(ligne, "sans_empreinte");
    else if (ligne.empreinte !== ligne.recalculee) rompre(ligne, "contenu_modifie");
    const precedente = ligne.empreinte_precedente;
    if (precedente === null) {
      if (debut) rompre(ligne, "debut_en_double");
      debut = true;
    } else if (!empreintes.has(precedente)) rompre(ligne, "maillon_manquant");
    else if (suivantes.has(precedente)) rompre(ligne, "embranchement");
    else suivantes.add(precedente);
  }
  if (!debut && ruptures.length === 0) rompre(lignes[0], "sans_debut");
  return ruptures;
}

/**
 * Reads the whole history of `database` (or only the resources of
 * `ressources`, as `{ type, id }`) and returns what breaks the chains.
 * Read-only, in one REPEATABLE READ transaction: on a live portal every
 * page sees the same snapshot, so a row committed meanwhile never looks
 * like a broken link. Pages of {@link TAILLE_PAGE} rows in (kind,
 * resource, id) order.
 */
export async function verifierHistorique(
  database: Database,
  options: { ressources?: { type: string; id: string }[] } = {},
): Promise<BilanVerification> {
  const filtre = options.ressources
    ? sql`and (h.ressource_type, h.ressource_id::text) in (select x->>'type', x->>'id' from jsonb_array_elements(${JSON.stringify(options.ressources)}::jsonb) x)`
    : sql``;
  const bilan: BilanVerification = { lignes: 0, ressources: 0, ruptures: [] };
  let groupe: LigneLue[] = [];
  const clore = () => {
    if (groupe.length === 0) return;
    bilan.ressources += 1;
    bilan.ruptures.push(...rupturesDe(groupe));
    groupe = [];
  };
  await database.db.transaction(
    async (tx) => {
      // Keyset pagination: after (kind, resource, id) of the last row read.
      let apres: [string, string, number] = ["", "00000000-0000-0000-0000-000000000000", 0];
      for (;;) {
        const resultat = await tx.execute(
          sql`select h.id, h.ressource_type, h.ressource_id::text as ressource_id, h.empreinte,
                     h.empreinte_precedente, historique_empreinte(h) as recalculee
                from historique h
               where (h.ressource_type, h.ressource_id, h.id) > (${apres[0]}, ${apres[1]}::uuid, ${apres[2]}::int)
                 ${filtre}
               order by h.ressource_type, h.ressource_id, h.id
               limit ${TAILLE_PAGE}`,
        );
        const lignes = (resultat as unknown as { rows: LigneLue[] }).rows;
        for (const ligne of lignes) {
          const courant = groupe[0];
          if (
            courant &&
            (courant.ressource_type !== ligne.ressource_type ||
              courant.ressource_id !== ligne.ressource_id)
          )
            clore();
          groupe.push(ligne);
          bilan.lignes += 1;
        }
        if (lignes.length < TAILLE_PAGE) break;
        const derniere = lignes[lignes.length - 1];
        apres = [derniere.ressource_type, derniere.ressource_id, derniere.id];
      }
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  clore();
  return bilan;
}

/**
 * The command's report in French: one line per break naming the resource
 * and the row id, then a count; or one line saying the history is intact.
 */
export function rapportVerification(bilan: BilanVerification): string {
  const entete = `${bilan.lignes} lignes d'historique vérifiées dans ${bilan.ressources} ressources`;
  if (bilan.ruptures.length === 0) return `${entete} : aucune rupture, la chaîne est intacte.\n`;
  const touchees = new Set(bilan.ruptures.map((r) => `${r.ressourceType} ${r.ressourceId}`));
  const lignes = bilan.ruptures.map(
    (r) =>
      `  ${r.ressourceType} ${r.ressourceId}, ligne ${r.historiqueId} : ${LIBELLES_RUPTURE[r.motif]}`,
  );
  return `${entete} : ${bilan.ruptures.length} rupture${bilan.ruptures.length > 1 ? "s" : ""} dans ${touchees.size} ressource${touchees.size > 1 ? "s" : ""} :\n${lignes.join("\n")}\n`;
}
