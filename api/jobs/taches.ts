/**
 * The scheduled jobs of the portal (DESIGN §2 "jobs with pg-boss", §5
 * deadlines): one row per job, name → handler → cron. A handler is a plain
 * function of the database and the clock, idempotent (a sweep run twice, or
 * by two instances, does the work once), so tests call it directly with a
 * moved clock. Deadline sweeps of requests live in
 * api/domain/demandes/echeances.ts; the outbox of post-commit work (mails,
 * recap PDFs: ADR 0011) in api/domain/travaux-apres-validation.ts.
 */
import type { Logger } from "pino";
import type { ApiConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { TACHE_ANTIVIRUS, analyserPiecesEnAttente } from "../domain/analyse-antivirus.ts";
import { accorderExtensionsTacitement } from "../domain/changements-notables/accord-tacite.ts";
import { purgerComptesEnAttente } from "../domain/creation-compte.ts";
import { perimerAgrements } from "../domain/agrements-liste/peremption.ts";
import { rafraichirResumeNational } from "../domain/activites/resume.ts";
import {
  alerterExpirationsProches,
  leverSuspensionsEchues,
  signalerDelaisComplementDepasses,
  signalerDelaisCompletudeDepasses,
} from "../domain/demandes/echeances.ts";
import type { Horloge } from "../domain/horloge.ts";
import {
  envoyerRappelsRapportAnnuel,
  signalerRapportsAnnuelsEnRetard,
} from "../domain/rapports-annuels/rappels.ts";
import type { Mailer } from "../mail/types.ts";
import { executerTravaux } from "../domain/travaux-apres-validation.ts";
import { purgerTravauxTermines } from "../domain/travaux.ts";

/** What a job handler receives. */
export interface DepsTache {
  config: ApiConfig;
  database: Database;
  horloge: Horloge;
  /** For the mails a sweep sends (deadline passed, clock expiring soon). */
  mailer: Mailer;
  logger: Logger;
}

export interface Tache {
  /** pg-boss queue name: lower case, digits and hyphens. */
  nom: string;
  /** Five-field cron expression, Europe/Paris time. */
  cron: string;
  /** Does the work; returns how many rows it handled (logged), if it counts. */
  executer(deps: DepsTache): Promise<number | void>;
  /** When false for a configuration, the job is neither scheduled nor worked. */
  active?(config: ApiConfig): boolean;
  /** Also queued once when the runner starts, not only at its first slot. */
  auDemarrage?: boolean;
}

/**
 * Every 15 minutes: a pending account is gone at most 15 min after its 72 h;
 * a passed deadline is flagged at most 15 min after midnight (Paris).
 */
const TOUS_LES_QUARTS_D_HEURE = "*/15 * * * *";

/** Name of the job that drains the outbox of post-commit work. */
export const TACHE_TRAVAUX_APRES_VALIDATION = "travaux-apres-validation";

/** The jobs of the API (the portal adds the purges of {@link tachesDuPortail}). */
export const TACHES: readonly Tache[] = [
  {
    nom: "purger-comptes-en-attente",
    cron: TOUS_LES_QUARTS_D_HEURE,
    executer: ({ database, horloge }) => purgerComptesEnAttente(database, horloge),
  },
  {
    nom: "delais-completude-depasses",
    cron: TOUS_LES_QUARTS_D_HEURE,
    executer: signalerDelaisCompletudeDepasses,
  },
  {
    nom: "delais-complement-depasses",
    cron: TOUS_LES_QUARTS_D_HEURE,
    executer: signalerDelaisComplementDepasses,
  },
  {
    nom: "alerte-expiration-instruction",
    cron: TOUS_LES_QUARTS_D_HEURE,
    executer: alerterExpirationsProches,
  },
  {
    nom: "levee-suspensions-echues",
    cron: TOUS_LES_QUARTS_D_HEURE,
    executer: leverSuspensionsEchues,
  },
  {
    // Perimeter extensions: two months of silence mean acceptance (DESIGN §5, ADR 0021).
    nom: "accord-tacite-extensions",
    cron: TOUS_LES_QUARTS_D_HEURE,
    executer: accorderExtensionsTacitement,
  },
  {
    // Annual activity report (ADR 0017 "Rappels et retards"): the handler reads
    // from the clock which reminder is due (1 or 15 March), once per approval.
    nom: "rapports-annuels-rappels",
    cron: TOUS_LES_QUARTS_D_HEURE,
    executer: envoyerRappelsRapportAnnuel,
  },
  {
    // From 1 April: late markers and one digest per instruction service.
    nom: "rapports-annuels-retards",
    cron: TOUS_LES_QUARTS_D_HEURE,
    executer: signalerRapportsAnnuelsEnRetard,
  },
  {
    // Spec §4: an approval past its five years (dateFin, Europe/Paris) becomes
    // perime at most 15 min after midnight (ADR 0026).
    nom: "agrements-perimes",
    cron: TOUS_LES_QUARTS_D_HEURE,
    executer: perimerAgrements,
  },
  {
    // The national activity figures without filter (ADR 0038): served while
    // under 5 minutes old, so refreshed every minute and at start-up.
    nom: "activite-resume-national",
    cron: "* * * * *",
    executer: rafraichirResumeNational,
    auDemarrage: true,
  },
  {
    // Every minute (pg-boss's finest cron): a failed mail's first retry is
    // due 1 min later, and work a crash left undone waits at most ~2 min.
    nom: TACHE_TRAVAUX_APRES_VALIDATION,
    cron: "* * * * *",
    executer: async (deps) => {
      const faits = await executerTravaux(deps);
      await purgerTravauxTermines(deps.database.db, deps.horloge.now());
      return faits;
    },
  },
];

/**
 * Scans the uploads waiting for clamd (ADR 0030); every
 * minute it re-queues whatever is still `en_attente` or `erreur`, and an
 * upload wakes it up at once (api/antivirus/registre.ts). Only with
 * CLAMAV_HOST; one of the portal's jobs ({@link tachesDuPortail}).
 */
export const TACHE_ANALYSE_ANTIVIRUS: Tache = {
  nom: TACHE_ANTIVIRUS,
  cron: "* * * * *",
  executer: analyserPiecesEnAttente,
  active: (config) => config.clamav !== undefined,
};

/**
 * Purges of tables the API does not own, passed in by server/ (the API
 * never imports server/ or idp/): the BFF's expired sessions, the embedded
 * provider's expired data.
 */
export interface PurgesDuPortail {
  sessionsExpirees(database: Database): Promise<unknown>;
  donneesOidcExpirees(database: Database): Promise<number | void>;
}

/** Every job of the portal: the API's {@link TACHES} and the purges `purges` does. */
export function tachesDuPortail(purges: PurgesDuPortail): Tache[] {
  return [
    ...TACHES,
    {
      nom: "purger-sessions-expirees",
      cron: TOUS_LES_QUARTS_D_HEURE,
      executer: async ({ database }) => {
        await purges.sessionsExpirees(database);
      },
    },
    {
      nom: "purger-donnees-oidc-expirees",
      cron: TOUS_LES_QUARTS_D_HEURE,
      executer: ({ database }) => purges.donneesOidcExpirees(database),
      // Keycloak keeps its own sessions: the table is used only by the embedded provider.
      active: (config) => config.embeddedIdp,
    },
    TACHE_ANALYSE_ANTIVIRUS,
  ];
}
