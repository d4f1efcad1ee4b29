/**
 * Feature flags the functional administrator switches (spec §6:
 * creation_demande, creation_extension_perimetre). The rules read
 * them in the `feature_flag` table (api/domain/demandes/creation.ts,
 * creation-changement.ts); GET /api/feature-flipping/list gives them out.
 */
import { eq } from "drizzle-orm";
import { LIBELLES_FONCTIONNALITES } from "../../../contract/schemas/administration.ts";
import type { Fonctionnalite } from "../../../contract/schemas/administration.ts";
import { FEATURE_FLAGS, type FeatureFlag } from "../../../contract/schemas/reference.ts";
import { featureFlags } from "../../db/schema.ts";
import type { DependancesDomaine } from "../dependances.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import { ecrireHistoriqueAdministration } from "./historique.ts";

/** The flags of spec §6 in FEATURE_FLAGS order, with their state (a missing row reads off). */
export async function listerFonctionnalites(
  deps: Pick<DependancesDomaine, "database">,
): Promise<Fonctionnalite[]> {
  const lignes = await deps.database.db.select().from(featureFlags);
  const etats = new Map(lignes.map((ligne) => [ligne.name, ligne.enabled]));
  return FEATURE_FLAGS.map((nom) => ({
    nom,
    libelle: LIBELLES_FONCTIONNALITES[nom],
    active: etats.get(nom) ?? false,
  }));
}

/**
 * Sets flag `nom` to `active` and, when that changes its state, writes the
 * history row MODIFIER_FONCTIONNALITE (state before and after,
 * `active`/`inactive`), in one transaction. Returns the flag afterwards.
 */
export async function basculerFonctionnalite(
  deps: Pick<DependancesDomaine, "database" | "horloge">,
  acteur: UtilisateurConnecte,
  nom: FeatureFlag,
  active: boolean,
): Promise<Fonctionnalite> {
  const maintenant = deps.horloge.now();
  await deps.database.db.transaction(async (tx) => {
    const [ligne] = await tx
      .select()
      .from(featureFlags)
      .where(eq(featureFlags.name, nom))
      .for("update");
    const avant = ligne?.enabled ?? false;
    if (avant === active && ligne) return;
    await tx
      .insert(featureFlags)
      .values({ name: nom, enabled: active })
      .onConflictDoUpdate({ target: featureFlags.name, set: { enabled: active } });
    if (avant === active) return;
    await ecrireHistoriqueAdministration(tx, {
      type: "fonctionnalite",
      cle: nom,
      action: "MODIFIER_FONCTIONNALITE",
      acteur,
      date: maintenant,
      etatAvant: avant ? "active" : "inactive",
      etatApres: active ? "active" : "inactive",
      donnees: { active },
    });
  });
  return { nom, libelle: LIBELLES_FONCTIONNALITES[nom], active };
}
