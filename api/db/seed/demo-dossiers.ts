/**
 * The demo dataset: on the embedded default, the first
 * start fills the portal with a small national-scale dataset (the scale
 * seed's generators, api/db/seed/scale/, at a fixed small scale and seed),
 * so that the lists, the file pages, /activite and /agrements show real
 * content at once. The demo staff of Paris (instructeur, crhh,
 * superviseur: README "Comptes de démonstration") take the place of the
 * generated team of the Paris service, so every Paris file is theirs, and
 * find there a file for each of their actions; two generated companies get
 * a demo applicant (api/db/seed/demo-situations.ts, ADR 0043); the first
 * demo applicant's company is not touched. Written once: the scale dataset's marker in `meta` says it is
 * there, and a later `npm run seed -- --scale N --reset` replaces it.
 */
import type { Logger } from "pino";
import type { FileStore } from "../../files/types.ts";
import type { Database } from "../client.ts";
import { codeServiceDuDepartement } from "./reference.ts";
import {
  CLE_META_ECHELLE,
  ErreurEchelle,
  chargerEchelle,
  type BilanEchelle,
} from "./scale/index.ts";
import type { AgentPlan } from "./scale/personnel.ts";
import type { Plan } from "./scale/plan.ts";
import { hash } from "@node-rs/argon2";
import { and, inArray, isNull } from "drizzle-orm";
import { rapportsAnnuelsActivite, utilisateurs } from "../schema.ts";
import { DEMO_PASSWORD } from "./demo.ts";
import { adapterSituations, rapportsOperateurDemo, type Situations } from "./demo-situations.ts";

/**
 * Scale of the demo dataset: 150 companies, 285 approval requests and 15
 * notable changes (spec §4 states all present), about 90 approvals and 1,500
 * establishments.
 */
export const ECHELLE_DEMO = 0.03;
/** Seed of the demo dataset: the same seed and day give the same files. */
export const GRAINE_DEMO = 20_261_127;

/** A demo staff account as read from the database. */
interface CompteAgent {
  id: string;
  email: string;
  prenom: string;
  nom: string;
}

/** Role in a team → e-mail of the demo account that takes it. */
const AGENTS_DEMO = {
  instructeur: "instructeur@demo.anah.gouv.fr",
  crhh: "crhh@demo.anah.gouv.fr",
  superviseur: "superviseur@demo.anah.gouv.fr",
} as const;

/**
 * Loads the demo dataset into `database` unless a dataset (this one or a
 * scale dataset) is already there; stores its two PDF files in `stockage`.
 * `aujourdhui` ("AAAA-MM-JJ", default today in Paris) is the day its dates
 * lead up to. Returns the load's figures, or null when nothing was written.
 */
export async function seedJeuDemo(
  database: Database,
  stockage: FileStore,
  options: { logger: Logger; aujourdhui?: string },
): Promise<BilanEchelle | null> {
  if (await jeuPresent(database)) return null;
  const emails = Object.values(AGENTS_DEMO);
  const comptes = await database.query<CompteAgent>(
    `select id, lower(email) as email, prenom, nom from utilisateur
      where lower(email) in (select jsonb_array_elements_text($1::jsonb))`,
    [JSON.stringify(emails)],
  );
  const parEmail = new Map(comptes.map((compte) => [compte.email, compte]));
  let situations: Situations | undefined;
  try {
    const bilan = await chargerEchelle(database, stockage, {
      echelle: ECHELLE_DEMO,
      graine: GRAINE_DEMO,
      aujourdhui: options.aujourdhui,
      adapterPlan: (plan, referentiel) => {
        situations = adapterSituations(plan, referentiel);
        return placerEquipeDemo(plan, parEmail);
      },
    });
    await ouvrirSituations(database, situations!, bilan.plan.options.aujourdhui);
    options.logger.info(
      {
        demandes: bilan.plan.dossiers.length,
        societes: bilan.plan.societes.length,
        dureeMs: Math.round(bilan.dureeMs),
      },
      "Jeu de démonstration chargé",
    );
    return bilan;
  } catch (error) {
    // Another process loaded it meanwhile (the marker is checked again under a lock).
    if (error instanceof ErreurEchelle && (await jeuPresent(database))) return null;
    throw error;
  }
}

/**
 * After the load: the demo applicants of {@link adapterSituations} sign in
 * with the demo password, and the operator's approval gets its annual
 * reports ({@link rapportsOperateurDemo}), in one transaction.
 */
async function ouvrirSituations(
  database: Database,
  situations: Situations,
  aujourdhui: string,
): Promise<void> {
  const empreinte = await hash(DEMO_PASSWORD);
  const emails = [situations.operateur, situations.complement].flatMap((societe) =>
    societe ? [societe.representant.email] : [],
  );
  const agrement = situations.agrementOperateur;
  const rapports = agrement
    ? rapportsOperateurDemo(new Date(agrement.dateOctroi).toISOString().slice(0, 10), aujourdhui)
    : [];
  await database.db.transaction(async (tx) => {
    if (emails.length > 0)
      await tx
        .update(utilisateurs)
        .set({ passwordHash: empreinte })
        .where(and(inArray(utilisateurs.email, emails), isNull(utilisateurs.passwordHash)));
    if (agrement && rapports.length > 0)
      await tx
        .insert(rapportsAnnuelsActivite)
        .values(
          rapports.map((rapport) => ({
            agrementId: agrement.id,
            annee: rapport.annee,
            etat: rapport.etat,
            contenu: rapport.contenu,
            dateDepot:
              rapport.etat === "depose" ? new Date(Date.UTC(rapport.annee + 1, 1, 15, 9)) : null,
          })),
        )
        .onConflictDoNothing();
  });
}

/** Whether a dataset's marker is in `meta`. */
async function jeuPresent(database: Database): Promise<boolean> {
  const lignes = await database.query(`select 1 from meta where key = $1`, [CLE_META_ECHELLE]);
  return lignes.length > 0;
}

/**
 * Puts the demo accounts found (`parEmail`) in the team of the Paris service:
 * every instructeur slot to the demo instructeur (draws are unchanged, so
 * the dataset stays the same), the crhh and superviseur slots to theirs.
 * Returns their ids (already written, not to insert again).
 */
function placerEquipeDemo(plan: Plan, parEmail: Map<string, CompteAgent>): Set<string> {
  const equipe = plan.equipes.find(
    (candidate) => candidate.service.code === codeServiceDuDepartement("75"),
  );
  const existants = new Set<string>();
  if (!equipe) return existants;
  const prendre = (agent: AgentPlan, email: string): AgentPlan => {
    const compte = parEmail.get(email);
    if (!compte) return agent;
    existants.add(compte.id);
    return { ...agent, id: compte.id, email: compte.email, prenom: compte.prenom, nom: compte.nom };
  };
  equipe.instructeurs = equipe.instructeurs.map((agent) => prendre(agent, AGENTS_DEMO.instructeur));
  equipe.crhh = prendre(equipe.crhh, AGENTS_DEMO.crhh);
  equipe.superviseur = prendre(equipe.superviseur, AGENTS_DEMO.superviseur);
  return existants;
}
