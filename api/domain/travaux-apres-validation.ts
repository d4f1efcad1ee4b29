/**
 * Does the post-commit work of the outbox (ADR 0011;
 * table primitives in ./travaux.ts): the request that wrote work
 * drains its own right after its commit ({@link executerTravauxDe}), and the
 * `travaux-apres-validation` job (api/jobs/taches.ts, every minute) drains
 * whatever is due: work a crash left undone, attempts that failed. Each work
 * is idempotent, so that an attempt cut short and tried again does its
 * effect once:
 * - `notification`: plans one `courriel` per recipient (key
 *   `courriel:<work id>:<address>`: planning twice writes each mail once);
 * - `courriel`: sends one mail; a mail is marked sent right after the relay
 *   accepted it (a crash between the two is the only way it goes twice);
 * - `recapitulatif`: files the recap and the synthesis PDFs, each unless its
 *   history row has it.
 */
import type { ApiConfig } from "../config.ts";
import type { Logger } from "pino";
import type { Database } from "../db/client.ts";
import {
  courrielsEvenement,
  evenementDepuisDonnees,
  type EvenementDemande,
} from "./notifications.ts";
import { produireRecapitulatif, type TravailRecapitulatif } from "./demandes/depot.ts";
import type { Horloge } from "./horloge.ts";
import { createFileStore } from "../files/store.ts";
import type { FileStore } from "../files/types.ts";
import type { MailMessage, Mailer } from "../mail/types.ts";
import {
  planifierTravail,
  reclamerTravaux,
  reporterTravail,
  terminerTravail,
  type TravailRow,
  type TypeTravail,
} from "./travaux.ts";

/** What doing the work takes (ApiDeps and the jobs' deps both fit). */
export interface DepsTravaux {
  config: ApiConfig;
  database: Database;
  logger: Logger;
  horloge: Horloge;
  mailer: Mailer;
  /** The file store of recaps; by default the one of `config.dataDir`. */
  fichiers?: FileStore;
}

/** Works claimed at once by one drain. */
const TAILLE_LOT = 20;
/** Batches a drain takes at most: the job's next run goes on with the rest. */
const LOTS_MAX = 10;

type Executant = (
  deps: DepsTravaux & { fichiers: FileStore },
  travail: TravailRow,
) => Promise<Record<string, unknown> | void>;

/** One function per type; what it returns replaces the row's data once done. */
const EXECUTANTS: Record<TypeTravail, Executant> = {
  async notification(deps, travail) {
    const evenement: EvenementDemande = evenementDepuisDonnees(travail.donnees);
    const courriels = await courrielsEvenement(deps, evenement);
    const maintenant = deps.horloge.now();
    await deps.database.db.transaction(async (tx) => {
      for (const courriel of courriels)
        await planifierTravail(
          tx,
          {
            type: "courriel",
            donnees: { message: courriel.message },
            cle: `courriel:${travail.id}:${courriel.adresse}`,
            ressource: travail.ressource,
            creeLe: travail.dateCreation,
          },
          maintenant,
        );
    });
    // Planned: the event's comment and request fields need not stay at rest.
    return {
      evenement: evenement.type,
      ...(evenement.type === "transition" ? { action: evenement.action } : {}),
      courriels: courriels.length,
    };
  },
  async courriel(deps, travail) {
    const message = travail.donnees.message as MailMessage;
    await deps.mailer.envoyer(message);
    // Sent: keep no address nor content at rest, only what the mail was.
    return { sujet: message.subject };
  },
  async recapitulatif(deps, travail) {
    await produireRecapitulatif(deps, travail.donnees as unknown as TravailRecapitulatif);
  },
};

/**
 * Drains the outbox: claims due work (`ressource` given: that resource's
 * fresh work only; otherwise everything due, see reclamerTravaux) in batches
 * and does it, marking each done or, on failure, to be tried again later
 * (abandoned after the last attempt, logged as an error). One work's failure
 * does not stop the others. Returns how many were done. Rejects only when
 * the outbox itself cannot be read or written.
 */
export async function executerTravaux(
  deps: DepsTravaux,
  options: { ressource?: string } = {},
): Promise<number> {
  const { database, horloge } = deps;
  const logger = deps.logger.child({ module: "travaux-apres-validation" });
  const complet = {
    ...deps,
    logger,
    fichiers:
      deps.fichiers ??
      createFileStore({ dataDir: deps.config.dataDir, s3: deps.config.s3, logger }),
  };
  let faits = 0;
  for (let lot = 0; lot < LOTS_MAX; lot += 1) {
    const travaux = await reclamerTravaux(database.db, {
      maintenant: horloge.now(),
      limite: TAILLE_LOT,
      ressource: options.ressource,
    });
    if (travaux.length === 0) break;
    for (const travail of travaux) {
      const contexte = {
        travailId: travail.id,
        type: travail.type,
        ressource: travail.ressource,
        tentative: travail.tentatives,
      };
      let resultat: Record<string, unknown> | void;
      try {
        resultat = await EXECUTANTS[travail.type](complet, travail);
      } catch (error) {
        const erreur = (error as Error).message ?? String(error);
        const { abandonne, prochaineTentative } = await reporterTravail(
          database.db,
          travail,
          horloge.now(),
          erreur,
        );
        if (abandonne) logger.error({ ...contexte, erreur }, "Travail après validation abandonné");
        else
          logger.warn(
            { ...contexte, erreur, prochaineTentative },
            "Travail après validation en échec : nouvelle tentative prévue",
          );
        continue;
      }
      await terminerTravail(database.db, travail, horloge.now(), resultat ?? undefined);
      faits += 1;
      logger.debug(contexte, "Travail après validation effectué");
    }
  }
  return faits;
}

/**
 * The drain of a request that has just committed work about `ressource`
 * (ressourceDemande): does it now, so that mails and recap are there when
 * the answer leaves, as before the outbox. Never rejects: the business
 * write has committed and stands; what could not be done is retried by the
 * job, and an outbox error is logged.
 */
export async function executerTravauxDe(deps: DepsTravaux, ressource: string): Promise<void> {
  try {
    await executerTravaux(deps, { ressource });
  } catch (error) {
    deps.logger.error(
      { err: error, ressource },
      "Travaux après validation non exécutés : ils seront repris par la tâche planifiée",
    );
  }
}
