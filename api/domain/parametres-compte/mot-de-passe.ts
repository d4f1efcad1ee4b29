/**
 * Change of password from the account settings (spec §5 Accounts, ADR
 * 0025): the current password is checked (limited like the sign-in,
 * ./reauthentification.ts), the new one follows the spec's rule (checked by
 * the contract's schema before) and differs from the old one; then every
 * session but the current one ends and pending e-mail change links die.
 */
import { hash } from "@node-rs/argon2";
import { and, eq } from "drizzle-orm";
import {
  MESSAGE_MOT_DE_PASSE_EXTERNE,
  MESSAGE_MOT_DE_PASSE_IDENTIQUE,
  type ChangementMotDePasse,
} from "../../../contract/schemas/compte-parametres.ts";
import type { Database } from "../../db/client.ts";
import { jetonsEmail, utilisateurs } from "../../db/schema.ts";
import { conflit, invalide } from "../erreurs.ts";
import type { Horloge } from "../horloge.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import { verifierMotDePasseActuel, type DepsReauthentification } from "./reauthentification.ts";
import { terminerAutresSessions } from "./sessions.ts";

/**
 * Changes the password of `utilisateur` (POST /api/user/mot-de-passe).
 * `saisie` has passed `schemaChangementMotDePasse`. `jetonAcces` is the
 * bearer token of the request: its portal session is kept; `ip` the
 * client's address (`sujetIp`), for the limits of the current-password check.
 * Throws `conflit` (409) when the account has no password here (external
 * identity provider), `trop` (429) past the re-authentication limits,
 * `invalide` (422) on the field `motDePasseActuel` when the current
 * password is wrong, on `motDePasse` when the new one equals the old:
 * nothing changes then. Once changed, the account's pending e-mail change
 * links answer as expired: a link asked by whoever held the old password
 * must not outlive it.
 */
export async function changerMotDePasse(
  deps: { database: Database; horloge: Horloge; reauthentification: DepsReauthentification },
  utilisateur: UtilisateurConnecte,
  saisie: ChangementMotDePasse,
  requete: { jetonAcces: string; ip: string },
): Promise<void> {
  const [compte] = await deps.database.db
    .select({ passwordHash: utilisateurs.passwordHash })
    .from(utilisateurs)
    .where(eq(utilisateurs.id, utilisateur.row.id));
  if (!compte?.passwordHash) throw conflit(MESSAGE_MOT_DE_PASSE_EXTERNE);
  await verifierMotDePasseActuel(deps.reauthentification, {
    utilisateurId: utilisateur.row.id,
    empreinte: compte.passwordHash,
    motDePasse: saisie.motDePasseActuel,
    ip: requete.ip,
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
    await tx
      .delete(jetonsEmail)
      .where(
        and(
          eq(jetonsEmail.utilisateurId, utilisateur.row.id),
          eq(jetonsEmail.type, "changement_email"),
        ),
      );
    await terminerAutresSessions(tx, utilisateur.row.idIdp, requete.jetonAcces);
  });
}
