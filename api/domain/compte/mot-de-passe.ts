/**
 * Change of password from the account settings (issue 16 item 2, spec §5
 * Accounts, ADR 0025): the current password is checked, the new one
 * follows the spec's rule (checked by the contract's schema before) and
 * differs from the old one; then every session but the current one ends.
 */
import { hash, verify } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import {
  MESSAGE_MOT_DE_PASSE_ACTUEL_INCORRECT,
  MESSAGE_MOT_DE_PASSE_EXTERNE,
  MESSAGE_MOT_DE_PASSE_IDENTIQUE,
  type ChangementMotDePasse,
} from "../../../contract/schemas/compte-parametres.ts";
import type { Database } from "../../db/client.ts";
import { utilisateurs } from "../../db/schema.ts";
import { conflit, invalide } from "../erreurs.ts";
import type { Horloge } from "../horloge.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import { terminerAutresSessions } from "./sessions.ts";

/** argon2 verification that never throws (a malformed hash is a mismatch). */
async function correspond(empreinte: string, motDePasse: string): Promise<boolean> {
  return verify(empreinte, motDePasse).catch(() => false);
}

/**
 * Changes the password of `utilisateur` (POST /api/user/mot-de-passe).
 * `saisie` has passed `schemaChangementMotDePasse`. `jetonAcces` is the
 * bearer token of the request: its portal session is kept.
 * Throws `conflit` (409) when the account has no password here (external
 * identity provider), `invalide` (422) on the field `motDePasseActuel` when
 * the current password is wrong, on `motDePasse` when the new one equals
 * the old: nothing changes then.
 */
export async function changerMotDePasse(
  deps: { database: Database; horloge: Horloge },
  utilisateur: UtilisateurConnecte,
  saisie: ChangementMotDePasse,
  jetonAcces: string,
): Promise<void> {
  const [compte] = await deps.database.db
    .select({ passwordHash: utilisateurs.passwordHash })
    .from(utilisateurs)
    .where(eq(utilisateurs.id, utilisateur.row.id));
  if (!compte?.passwordHash) throw conflit(MESSAGE_MOT_DE_PASSE_EXTERNE);
  if (!(await correspond(compte.passwordHash, saisie.motDePasseActuel)))
    throw invalide(MESSAGE_MOT_DE_PASSE_ACTUEL_INCORRECT, {
      champs: { motDePasseActuel: [MESSAGE_MOT_DE_PASSE_ACTUEL_INCORRECT] },
    });
  if (saisie.motDePasse === saisie.motDePasseActuel)
    throw invalide(MESSAGE_MOT_DE_PASSE_IDENTIQUE, {
      champs: { motDePasse: [MESSAGE_MOT_DE_PASSE_IDENTIQUE] },
    });
  const passwordHash = await hash(saisie.motDePasse);
  await deps.database.db.transaction(async (tx) => {
    await tx
      .update(utilisateurs)
      .set({ passwordHash, dateModification: deps.horloge.now() })
      .where(eq(utilisateurs.id, utilisateur.row.id));
    await terminerAutresSessions(tx, utilisateur.row.idIdp, jetonAcces);
  });
}
