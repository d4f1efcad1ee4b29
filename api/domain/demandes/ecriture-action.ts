/**
 * What every instruction handler does the same way (DESIGN §3): read its
 * form with the contract's schema, name the actor, pick the next state of
 * its row, and record the complementary information the applicant must see
 * (spec §3 `infosComplementaires`).
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { EtatDemande, TypeEvenement } from "../../../contract/etats.ts";
import {
  schemasAction,
  type ActionAvecFormulaire,
  type SchemasAction,
} from "../../../contract/schemas/instruction.ts";
import { aujourdhuiParis } from "../../../contract/validation.ts";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { infosComplementaires } from "../../db/schema.ts";
import { parseOrThrow } from "../validation.ts";
import type { DemandeRow } from "../acces.ts";
import { etatSuivant } from "../workflow.ts";
import type { ContexteAction } from "./contexte-action.ts";

/**
 * The form of `action` read from the posted body with its contract schema
 * (contract/schemas/instruction.ts), deadlines compared with the Europe/Paris
 * date of the API clock. 422 `{ detail, errors }` keyed by field otherwise;
 * nothing is written before this returns.
 */
export function lireFormulaire<A extends ActionAvecFormulaire>(
  contexte: Pick<ContexteAction, "corps" | "maintenant">,
  action: A,
): z.output<SchemasAction[A]> {
  const schema = schemasAction(aujourdhuiParis(contexte.maintenant))[action];
  return parseOrThrow(schema, contexte.corps) as z.output<SchemasAction[A]>;
}

/** The actor of the history row: the signed-in user in the role the table allowed. */
export function acteurDe(contexte: Pick<ContexteAction, "utilisateur" | "role">): {
  id: string;
  role: string;
} {
  return { id: contexte.utilisateur.row.id, role: contexte.role };
}

/**
 * The state the action leads to from the request's current one; `choix`
 * picks among the states of a row that offers several (CONFIRMER_COMPLETUDE,
 * EXPRIMER_AVIS_DECIDEUR). Throws when the row does not lead to it, which
 * only a programming error can cause (the inputs are parsed beforehand).
 */
export function etatApres(
  contexte: Pick<ContexteAction, "transition" | "demande">,
  choix?: EtatDemande,
): EtatDemande {
  const etat = etatSuivant(contexte.transition, contexte.demande.etat as EtatDemande, choix);
  if (!etat)
    throw new Error(`${contexte.transition.action} ne mène pas à ${choix ?? "un état unique"}`);
  return etat;
}

/** Event kinds that wait for the applicant's answer (completeness, complement, edition). */
export const INFOS_EN_ATTENTE_DE_REPONSE: readonly TypeEvenement[] = [
  "complement_completude",
  "complement",
  "edition",
];

/**
 * Inside `tx`: records an event the applicant must see on `demande`
 * (spec §3 Complementary info): its kind, reason (the staff's comment),
 * deadline ("AAAA-MM-JJ", Europe/Paris) and the history row it came with.
 */
export async function ajouterInfoComplementaire(
  tx: Db,
  demande: Pick<DemandeRow, "id" | "kind">,
  info: {
    infoType: TypeEvenement;
    raison: string | null;
    dateEcheance?: string | null;
    historiqueId: number;
    date: Date;
  },
): Promise<void> {
  await tx.insert(infosComplementaires).values({
    ressourceType: demande.kind,
    ressourceId: demande.id,
    infoType: info.infoType,
    raison: info.raison,
    dateEcheance: info.dateEcheance ?? null,
    historiqueId: info.historiqueId,
    date: info.date,
  });
}

/**
 * Inside `tx`: marks the requests still waiting for the applicant's answer
 * on `demande` (completeness, complement, edition) as answered at `date`.
 * Returns how many were.
 */
export async function repondreInfosEnAttente(
  tx: Db,
  demande: Pick<DemandeRow, "id" | "kind">,
  date: Date,
): Promise<number> {
  const repondues = await tx
    .update(infosComplementaires)
    .set({ dateReponse: date })
    .where(
      and(
        eq(infosComplementaires.ressourceType, demande.kind),
        eq(infosComplementaires.ressourceId, demande.id),
        inArray(infosComplementaires.infoType, [...INFOS_EN_ATTENTE_DE_REPONSE]),
        isNull(infosComplementaires.dateReponse),
      ),
    )
    .returning({ id: infosComplementaires.id });
  return repondues.length;
}
