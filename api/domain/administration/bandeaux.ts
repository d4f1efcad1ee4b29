/**
 * Information banners the functional administrator creates, schedules and
 * removes (spec §3 Information banner). The pages read
 * those in force through GET /api/bandeaux-informatifs (api/http/routes/bandeaux.ts).
 */
import { desc, eq } from "drizzle-orm";
import type {
  BandeauAdministre,
  NouveauBandeau,
  StatutBandeau,
} from "../../../contract/schemas/administration.ts";
import { bandeauxInformatifs } from "../../db/schema.ts";
import type { DependancesDomaine } from "../dependances.ts";
import { conflit, introuvable } from "../erreurs.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import { ecrireHistoriqueAdministration } from "./historique.ts";

type LigneBandeau = typeof bandeauxInformatifs.$inferSelect;

/** A banner's status at `maintenant`: removed, not started yet, over, or in force. */
export function statutBandeau(ligne: LigneBandeau, maintenant: Date): StatutBandeau {
  if (!ligne.actif) return "retire";
  if (ligne.dateDebut && ligne.dateDebut > maintenant) return "programme";
  if (ligne.dateFin && ligne.dateFin < maintenant) return "termine";
  return "en_cours";
}

/** Every banner, newest first, with its status now (GET /api/administration/bandeaux). */
export async function listerBandeauxAdministres(
  deps: Pick<DependancesDomaine, "database" | "horloge">,
): Promise<BandeauAdministre[]> {
  const maintenant = deps.horloge.now();
  const lignes = await deps.database.db
    .select()
    .from(bandeauxInformatifs)
    .orderBy(desc(bandeauxInformatifs.id));
  return lignes.map((ligne) => ({
    id: ligne.id,
    type: ligne.type,
    demandeType: ligne.demandeType,
    titre: ligne.titre,
    message: ligne.message,
    actif: ligne.actif,
    dateDebut: ligne.dateDebut?.toISOString() ?? null,
    dateFin: ligne.dateFin?.toISOString() ?? null,
    statut: statutBandeau(ligne, maintenant),
  }));
}

/**
 * Creates `bandeau` (already checked by `schemaNouveauBandeau`: the end
 * after the start, a file type for an `info` banner) and its history row
 * CREER_BANDEAU, in one transaction. Returns the new id.
 */
export async function creerBandeau(
  deps: Pick<DependancesDomaine, "database" | "horloge">,
  acteur: UtilisateurConnecte,
  bandeau: NouveauBandeau,
): Promise<number> {
  const maintenant = deps.horloge.now();
  return deps.database.db.transaction(async (tx) => {
    const [ligne] = await tx
      .insert(bandeauxInformatifs)
      .values({
        type: bandeau.type,
        demandeType: bandeau.demandeType,
        titre: bandeau.titre,
        message: bandeau.message,
        actif: true,
        dateDebut: bandeau.dateDebut,
        dateFin: bandeau.dateFin,
      })
      .returning();
    await ecrireHistoriqueAdministration(tx, {
      type: "bandeau-informatif",
      cle: ligne.id,
      action: "CREER_BANDEAU",
      acteur,
      date: maintenant,
      etatApres: statutBandeau(ligne, maintenant),
      donnees: {
        type: ligne.type,
        demandeType: ligne.demandeType,
        titre: ligne.titre,
        message: ligne.message,
        dateDebut: ligne.dateDebut?.toISOString() ?? null,
        dateFin: ligne.dateFin?.toISOString() ?? null,
      },
    });
    return ligne.id;
  });
}

/**
 * Removes banner `id` (no longer shown, still listed) with its history row
 * RETIRER_BANDEAU. Unknown id: `introuvable` (404); already removed:
 * `conflit` (409).
 */
export async function retirerBandeau(
  deps: Pick<DependancesDomaine, "database" | "horloge">,
  acteur: UtilisateurConnecte,
  id: number,
): Promise<void> {
  const maintenant = deps.horloge.now();
  await deps.database.db.transaction(async (tx) => {
    const [ligne] = await tx
      .select()
      .from(bandeauxInformatifs)
      .where(eq(bandeauxInformatifs.id, id))
      .for("update");
    if (!ligne) throw introuvable();
    if (!ligne.actif) throw conflit("Ce bandeau est déjà retiré.");
    await tx
      .update(bandeauxInformatifs)
      .set({ actif: false })
      .where(eq(bandeauxInformatifs.id, id));
    await ecrireHistoriqueAdministration(tx, {
      type: "bandeau-informatif",
      cle: id,
      action: "RETIRER_BANDEAU",
      acteur,
      date: maintenant,
      etatAvant: statutBandeau(ligne, maintenant),
      etatApres: "retire",
      donnees: { titre: ligne.titre, message: ligne.message },
    });
  });
}
