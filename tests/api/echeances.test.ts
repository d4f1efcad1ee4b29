/**
 * Deadline jobs of requests (DESIGN §5) with a moved clock: the
 * completeness and complement answer deadlines (DELAIS_COMPLETUDE_DEPASSE,
 * DELAIS_AJOUT_PJ_DEPASSE) and the "expires soon" alert of the 3-month
 * instruction clock. The jobs run through their rows of TACHES, as pg-boss
 * runs them; mails go to a real SMTP server.
 *
 * The states these jobs sweep (incomplete, …_complement_demande, a running
 * clock) are written directly in the database: the actions leading there
 * belong to another part of the instruction, and the jobs only read the
 * request's columns.
 */
import { hash } from "@node-rs/argon2";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CGU_VERSION } from "../../contract/cgu.ts";
import type { DemandeDetail } from "../../contract/schemas/demande.ts";
import {
  demandes,
  historique,
  infosComplementaires,
  servicesInstructeur,
  societes,
  utilisateurs,
} from "../../api/db/schema.ts";
import { TACHES, type DepsTache } from "../../api/jobs/taches.ts";
import { createMailer } from "../../api/mail/mailer.ts";
import { createLogger } from "../../server/logger.ts";
import { appelApi } from "../helpers/demande-api.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";
import { startSmtpServer, type SmtpDeTest } from "../helpers/smtp.ts";

const PASSWORD = "Anah-Demo-2026!";
const INSTRUCTEUR = "instructeur@demo.anah.gouv.fr";
/** The Paris service's mailbox (demo reference data). */
const BOITE_SERVICE_PARIS = "anah-dl75@demo.anah.gouv.fr";

let smtp: SmtpDeTest;
let portal: TestPortal;
let deps: DepsTache;
let instructeurId: string;
let serviceParisId: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  portal = await startTestPortal({ SMTP_URL: smtp.url });
  const logger = createLogger("silent");
  deps = {
    config: portal.config,
    database: portal.database,
    horloge: portal.horloge,
    logger,
    mailer: createMailer({
      smtpUrl: smtp.url,
      from: portal.config.mailFrom,
      dataDir: portal.config.dataDir,
      logger,
    }),
  };
  [{ id: instructeurId }] = await portal.database.db
    .select({ id: utilisateurs.id })
    .from(utilisateurs)
    .where(eq(utilisateurs.email, INSTRUCTEUR));
  [{ id: serviceParisId }] = await portal.database.db
    .select({ id: servicesInstructeur.id })
    .from(servicesInstructeur)
    .where(eq(servicesInstructeur.code, "DL-75"));
});

afterAll(async () => {
  await deps?.mailer.close();
  await portal?.close();
  await smtp?.close();
});

/** Runs the job `nom` as pg-boss would; returns what it counted. */
async function executer(nom: string): Promise<number> {
  const tache = TACHES.find((candidate) => candidate.nom === nom);
  if (!tache) throw new Error(`Tâche absente de TACHES : ${nom}`);
  return (await tache.executer(deps)) ?? 0;
}

/** Sets the clock to Europe/Paris wall time `iso` ("2026-04-10T23:30", summer time +02:00). */
function reglerHeureParis(iso: string, decalage = "+02:00") {
  portal.horloge.regler(new Date(`${iso}:00${decalage}`));
}

function courrielsDe(email: string) {
  return smtp.courriels.filter((courriel) => courriel.to.includes(email.toLowerCase()));
}

/** Mails to `email` about request `id` (the link to its file names it). */
function alertesSur(email: string, id: string) {
  return courrielsDe(email).filter((courriel) =>
    courriel.text.includes(`${portal.baseUrl}/dossier/demande/${id}`),
  );
}

const unInstant = () => new Promise((resolve) => setTimeout(resolve, 300));

/** An applicant of a new company, signed in, and a request of that company in `valeurs`. */
async function demandeEnEtat(valeurs: Partial<typeof demandes.$inferInsert>) {
  const marque = randomUUID().slice(0, 8);
  const [societe] = await portal.database.db
    .insert(societes)
    .values({ siren: `E${marque}`, raisonSociale: `Rénov Échéances ${marque}` })
    .returning();
  const email = `echeances-${marque}@exemple.fr`;
  const [compte] = await portal.database.db
    .insert(utilisateurs)
    .values({
      idIdp: `echeances-${marque}`,
      email,
      prenom: "Léa",
      nom: "Petit",
      passwordHash: await hash(PASSWORD),
      roles: ["demandeur"],
      societeId: societe.id,
      cguVersionAcceptee: CGU_VERSION,
    })
    .returning();
  const [demande] = await portal.database.db
    .insert(demandes)
    .values({
      societeId: societe.id,
      demandeurId: compte.id,
      numeroDossier: `MAR-2026-T${marque}`,
      raisonSociale: societe.raisonSociale,
      codeDepartement: "75",
      codeRegion: "11",
      serviceInstructeurId: serviceParisId,
      instructeurId,
      dateDepot: new Date("2026-02-02T09:00:00+01:00"),
      dateLimiteInstruction: "2026-05-02",
      ...valeurs,
    })
    .returning();
  return { demande, email };
}

/** An open completeness or complement request with its deadline (its info_complementaire row). */
async function demandeDePieces(id: string, infoType: string, dateEcheance: string) {
  await portal.database.db.insert(infosComplementaires).values({
    ressourceType: "demande",
    ressourceId: id,
    infoType,
    raison: "Merci de joindre le Kbis.",
    dateEcheance,
  });
}

async function etat(id: string) {
  const [demande] = await portal.database.db.select().from(demandes).where(eq(demandes.id, id));
  const lignes = await portal.database.db
    .select()
    .from(historique)
    .where(and(eq(historique.ressourceType, "demande"), eq(historique.ressourceId, id)));
  const infos = await portal.database.db
    .select()
    .from(infosComplementaires)
    .where(eq(infosComplementaires.ressourceId, id));
  return { demande, lignes, infos };
}

describe("completeness deadline (DELAIS_COMPLETUDE_DEPASSE)", () => {
  it("flags the request once the deadline day is over in Paris, once, and tells the applicant", async () => {
    reglerHeureParis("2026-03-10T11:00");
    const { demande, email } = await demandeEnEtat({
      etat: "incomplete",
      dateEcheance: "2026-04-10",
      suspenduDepuis: new Date("2026-03-10T11:00:00+01:00"),
    });
    await demandeDePieces(demande.id, "complement_completude", "2026-04-10");

    await executer("delais-completude-depasses");
    // The last day counts in full, up to midnight in Paris.
    reglerHeureParis("2026-04-10T23:30");
    await executer("delais-completude-depasses");
    expect((await etat(demande.id)).lignes).toEqual([]);
    expect((await etat(demande.id)).demande.version).toBe(demande.version);

    reglerHeureParis("2026-04-11T00:30");
    expect(await executer("delais-completude-depasses")).toBeGreaterThanOrEqual(1);
    const apres = await etat(demande.id);
    expect(apres.demande).toMatchObject({
      etat: "incomplete",
      complement: "complement_demande_delai_depasse",
      version: demande.version + 1,
    });
    expect(apres.lignes).toEqual([
      expect.objectContaining({
        action: "DELAIS_COMPLETUDE_DEPASSE",
        etatAvant: "incomplete",
        etatApres: "incomplete",
        acteurId: null,
        acteurRole: "systeme",
      }),
    ]);
    expect(apres.infos).toEqual([expect.objectContaining({ delaiDepasse: true })]);

    const { accessToken } = await loginAs(portal.baseUrl, email, PASSWORD);
    const vue = await appelApi<DemandeDetail>(
      portal.baseUrl,
      accessToken,
      "GET",
      `/demande/${demande.id}`,
    );
    expect(vue.etatNormalise).toBe("complement_demande_completude_delai_depasse");

    await unInstant();
    const recus = courrielsDe(email);
    expect(recus).toHaveLength(1);
    expect(recus[0].subject).toContain("Délai de réponse dépassé");
    expect(recus[0].text).toContain("10/04/2026");

    // A second run, later: nothing changes, nobody is mailed again.
    portal.horloge.avancer(15 * 60_000);
    await executer("delais-completude-depasses");
    const ensuite = await etat(demande.id);
    expect(ensuite.lignes).toHaveLength(1);
    expect(ensuite.demande.version).toBe(demande.version + 1);
    await unInstant();
    expect(courrielsDe(email)).toHaveLength(1);
  });

  it("does the work once when two sweeps run at the same time", async () => {
    reglerHeureParis("2026-06-20T10:00");
    const { demande, email } = await demandeEnEtat({
      etat: "incomplete",
      dateEcheance: "2026-06-19",
      dateLimiteInstruction: "2026-08-02",
    });
    await Promise.all([
      executer("delais-completude-depasses"),
      executer("delais-completude-depasses"),
    ]);
    const { lignes, demande: apres } = await etat(demande.id);
    expect(lignes).toHaveLength(1);
    expect(apres.version).toBe(demande.version + 1);
    await unInstant();
    expect(courrielsDe(email)).toHaveLength(1);
  });

  it("leaves alone requests in other states, answered ones and those still in time", async () => {
    reglerHeureParis("2026-07-01T10:00");
    const { demande: affectee } = await demandeEnEtat({
      etat: "affectee",
      dateEcheance: "2026-06-01",
    });
    const { demande: dansLesTemps } = await demandeEnEtat({
      etat: "incomplete",
      dateEcheance: "2026-07-01",
    });
    await executer("delais-completude-depasses");
    await executer("delais-complement-depasses");
    for (const { id, version } of [affectee, dansLesTemps]) {
      const { demande, lignes } = await etat(id);
      expect(lignes).toEqual([]);
      expect(demande.version).toBe(version);
      expect(demande.complement).toBeNull();
    }
  });
});

describe("complement deadline (DELAIS_AJOUT_PJ_DEPASSE)", () => {
  it("flags each of the three « complement demandé » states once, keeping the state", async () => {
    reglerHeureParis("2026-09-15T09:00");
    const etats = [
      "complete_complement_demande",
      "complete_sans_crhh_complement_demande",
      "instruite_crhh_complement_demande",
    ];
    const creees = [];
    for (const etatDemande of etats) {
      const { demande } = await demandeEnEtat({
        etat: etatDemande,
        dateEcheance: "2026-09-14",
        dateLimiteInstruction: "2026-11-02",
      });
      await demandeDePieces(demande.id, "complement", "2026-09-14");
      creees.push(demande);
    }
    // The completeness job does not touch these states (only the complement job does).
    await executer("delais-completude-depasses");
    expect(await executer("delais-complement-depasses")).toBeGreaterThanOrEqual(3);
    for (const [index, demande] of creees.entries()) {
      const apres = await etat(demande.id);
      expect(apres.demande.etat).toBe(etats[index]);
      expect(apres.demande.complement).toBe("complement_demande_delai_depasse");
      expect(apres.lignes.map((ligne) => [ligne.action, ligne.acteurRole])).toEqual([
        ["DELAIS_AJOUT_PJ_DEPASSE", "systeme"],
      ]);
      expect(apres.infos[0].delaiDepasse).toBe(true);
    }
    await executer("delais-complement-depasses");
    for (const demande of creees) expect((await etat(demande.id)).lignes).toHaveLength(1);
  });
});

describe("instruction clock expiring soon", () => {
  it("mails the assigned instructor once, 15 days before the last day, without touching the request", async () => {
    reglerHeureParis("2026-10-01T09:00");
    const { demande } = await demandeEnEtat({
      etat: "complete",
      dateLimiteInstruction: "2026-10-31",
    });
    const alertes = () => alertesSur(INSTRUCTEUR, demande.id);
    await executer("alerte-expiration-instruction");
    reglerHeureParis("2026-10-15T09:00");
    await executer("alerte-expiration-instruction");
    await unInstant();
    expect(alertes()).toEqual([]);

    reglerHeureParis("2026-10-16T09:00");
    expect(await executer("alerte-expiration-instruction")).toBeGreaterThanOrEqual(1);
    await unInstant();
    expect(alertes()).toHaveLength(1);
    expect(alertes()[0].subject).toContain("Délai d'instruction bientôt expiré");
    expect(alertes()[0].text).toContain("31/10/2026");
    expect(alertes()[0].text).toContain("Bonjour Thomas Leroy,");

    const apres = await etat(demande.id);
    expect(apres.demande).toMatchObject({
      etat: "complete",
      version: demande.version,
      alerteExpirationEnvoyee: true,
    });
    expect(apres.lignes).toEqual([]);

    portal.horloge.avancer(24 * 3600_000);
    await executer("alerte-expiration-instruction");
    await unInstant();
    expect(alertes()).toHaveLength(1);
  });

  it("writes to the service's mailbox when nobody is assigned, never while the clock is suspended", async () => {
    reglerHeureParis("2026-11-20T09:00");
    const { demande: nonAffectee } = await demandeEnEtat({
      etat: "deposee",
      instructeurId: null,
      dateLimiteInstruction: "2026-11-30",
    });
    const { demande: suspendue } = await demandeEnEtat({
      etat: "incomplete",
      dateLimiteInstruction: "2026-11-30",
      suspenduDepuis: new Date("2026-11-10T09:00:00+01:00"),
    });
    const { demande: expiree } = await demandeEnEtat({
      etat: "affectee",
      dateLimiteInstruction: "2026-11-19",
    });
    await executer("alerte-expiration-instruction");
    await unInstant();
    expect(alertesSur(BOITE_SERVICE_PARIS, nonAffectee.id)).toHaveLength(1);
    expect(alertesSur(INSTRUCTEUR, nonAffectee.id)).toEqual([]);
    for (const { id } of [suspendue, expiree]) {
      expect((await etat(id)).demande.alerteExpirationEnvoyee).toBe(false);
      expect(alertesSur(INSTRUCTEUR, id)).toEqual([]);
    }
  });
});
