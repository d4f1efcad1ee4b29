/**
 * The log line of a request refused past a limit (429) on an account's
 * change (password, e-mail, supervision perimeter or bound): `warn`, with
 * the account pseudonymised (never its address), before the refusal is
 * answered. Other refusals are the user's mistakes and are not logged.
 */
import type { Request } from "express";
import { ErreurDomaine } from "../domain/erreurs.ts";
import { pseudonymiserAdresse } from "../domain/limites-publiques.ts";
import type { ApiDeps } from "./deps.ts";

/**
 * Runs `travail` for account `email`; a `trop` refusal is logged at warn
 * (event `limite_compte_atteinte`, the route, the pseudonymised account)
 * and thrown again.
 */
export async function journaliserRefus<T>(
  deps: Pick<ApiDeps, "logger" | "config">,
  req: Request,
  email: string,
  travail: () => Promise<T>,
): Promise<T> {
  try {
    return await travail();
  } catch (error) {
    if (error instanceof ErreurDomaine && error.nature === "trop")
      deps.logger.warn(
        {
          event: "limite_compte_atteinte",
          route: req.route?.path,
          compte: pseudonymiserAdresse(deps.config.sessionSecret, email),
        },
        "Trop de demandes : requête refusée",
      );
    throw error;
  }
}
