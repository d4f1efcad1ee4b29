/**
 * The request counts of the staff home and list tabs (ADR 0026, ADR 0036):
 * `GET /api/demande/count` and `GET /api/demande/nb-demandes`.
 */
import { count, sql } from "drizzle-orm";
import type { TypeDossier } from "../../../contract/etats.ts";
import type { ComptesDemandes } from "../../../contract/schemas/agrements-liste.ts";
import { lireFiltresDemandes } from "../../../contract/schemas/listes.ts";
import { aujourdhuiParis } from "../../../contract/validation.ts";
import type { Database } from "../../db/client.ts";
import { demandes } from "../../db/schema.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import { conditionListe } from "./filtres.ts";

/**
 * `GET /api/demande/count` (ADR 0026): the files of each list tab
 * `utilisateur` sees, no filter but `mesDossiers` ("Mes dossiers": 403 for
 * a user who is neither instructeur nor superviseur), counted by the
 * lists' own condition (drafts never, DESIGN §4 scope).
 *
 * Both counts are read by one statement, the second as a scalar subquery
 * (ADR 0036): one round trip instead of two, and each count stays a plain
 * index-only count (`count(*) filter (where kind = …)` over both kinds
 * tests every row twice and took ≈ 40 % longer at scale 10 for the
 * central list).
 */
export async function comptesDemandes(
  database: Database,
  utilisateur: UtilisateurConnecte,
  mesDossiers: boolean,
  maintenant: Date,
): Promise<ComptesDemandes> {
  const filtres = { ...lireFiltresDemandes(new URLSearchParams()), mesDossiers };
  const aujourdhui = aujourdhuiParis(maintenant);
  const where = (kind: TypeDossier) => conditionListe(utilisateur, kind, filtres, aujourdhui);
  const [comptes] = await database.db
    .select({
      demande: count(),
      changements: sql<number>`(${database.db
        .select({ total: count() })
        .from(demandes)
        .where(where("changement-notable"))})`.mapWith(Number),
    })
    .from(demandes)
    .where(where("demande"));
  return {
    demande: comptes.demande,
    "changement-notable": comptes.changements,
    total: comptes.demande + comptes.changements,
  };
}
