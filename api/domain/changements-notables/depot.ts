/**
 * VALIDER_DEPOSER and DEPOSER of a perimeter extension (spec §4
 * Perimeter-extension actions, §5 Deposit; DESIGN §3 notable changes, §5;
 * ADR 0020). VALIDER_DEPOSER checks that nothing is missing and marks step 3
 * validated (the extension stays brouillon); DEPOSER then files it: numéro
 * de dossier, date de dépôt and the **2-month** clock after which silence
 * means acceptance (never the approval request's 3 months).
 */
import { anneeParis, dateLimiteAcceptationTacite } from "../../../contract/delais.ts";
import type { Manquant } from "../../../contract/schemas/demande.ts";
import { invalide } from "../erreurs.ts";
import type { ContexteAction } from "../demandes/contexte-action.ts";
import { acteurDe } from "../demandes/ecriture-action.ts";
import { numeroDossierSql } from "../demandes/depot.ts";
import { ecrireTransition } from "../demandes/transition.ts";
import { ETAPE_VALIDEE, manquantsAuDepot, procedureExtension } from "./procedure.ts";

/** 422 `{ detail, manquants }`: one French line per missing item, with its step. */
function refusManquants(manquants: Manquant[]) {
  return invalide(manquants.map((manquant) => manquant.message).join("\n"), { manquants });
}

/**
 * Handler of VALIDER_DEPOSER (brouillon → brouillon, demandeur): 422
 * `{ detail, manquants }` while the procedure lists anything missing
 * (steps 1–3); otherwise marks step 3 validated, with its history row, only
 * if the extension is still the version loaded (409 otherwise).
 */
export async function validerDeposerExtension(contexte: ContexteAction): Promise<void> {
  const { deps, demande, maintenant } = contexte;
  const { manquants } = await procedureExtension(deps.database, deps.config, demande);
  if (manquants.length > 0) throw refusManquants(manquants);
  await deps.database.db.transaction(async (tx) => {
    await ecrireTransition(tx, {
      demande,
      action: "VALIDER_DEPOSER",
      etatApres: demande.etat as "brouillon",
      changements: {
        etapesEnregistrees: [...new Set([...demande.etapesEnregistrees, ETAPE_VALIDEE])].sort(),
      },
      acteur: acteurDe(contexte),
      maintenant,
    });
  });
}

/**
 * Handler of DEPOSER for a perimeter extension (brouillon → deposee,
 * demandeur, guard `deposable`): 422 `{ detail, manquants }` while anything
 * is missing or step 3 is not validated; otherwise, atomically and only if
 * it is still the brouillon of the version loaded (409 otherwise): etat
 * deposee, numeroDossier, dateDepot = now, dateLimiteInstruction = deposit
 * day + 2 calendar months (Europe/Paris, contract/delais.ts
 * `dateLimiteAcceptationTacite`), and the DEPOSER history row (whose mail
 * acknowledges receipt). No recap PDF: the approval request's recap
 * describes its own form.
 */
export async function deposerExtension(contexte: ContexteAction): Promise<void> {
  const { deps, demande, maintenant } = contexte;
  const manquants = await manquantsAuDepot(deps.database, deps.config, demande);
  if (manquants.length > 0) throw refusManquants(manquants);
  await deps.database.db.transaction(async (tx) => {
    await ecrireTransition(tx, {
      demande,
      action: "DEPOSER",
      etatApres: "deposee",
      changements: {
        numeroDossier: numeroDossierSql(anneeParis(maintenant)),
        dateDepot: maintenant,
        dateLimiteInstruction: dateLimiteAcceptationTacite(maintenant),
      },
      acteur: acteurDe(contexte),
      maintenant,
    });
  });
}
