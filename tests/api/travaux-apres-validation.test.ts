/**
 * Post-commit work through the transactional outbox (ADR 0011;
 * api/domain/travaux.ts, api/domain/travaux-apres-validation.ts): the
 * mails and the recap PDF are written in the business write's transaction,
 * done by the request right after its commit, and otherwise retried by the
 * `travaux-apres-validation` job, each mail sent once; the recap and the
 * synthesis PDF of a deposit are filed once each. The job runs through its
 * row of TACHES, as pg-boss runs it, with a moved clock.
 */
import { hash } from "@node-rs/argon2";
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CGU_VERSION } from "../../contract/cgu.ts";
import { businessRoles } from "../../contract/roles.ts";
import {
  demandes,
  historique,
  piecesJointes,
  societes,
  travauxApresValidation,
  utilisateurs,
} from "../../api/db/schema.ts";
import { HANDLERS_ACTION } from "../../api/domain/demandes/actions.ts";
import {
  planifierRecapitulatif,
  produireRecapitulatif,
  RUBRIQUE_RECAP,
  RUBRIQUE_SYNTHESE,
  type TravailRecapitulatif,
} from "../../api/domain/demandes/depot.ts";
import { ecrireTransition } from "../../api/domain/demandes/transition.ts";
import { TRANSITIONS } from "../../api/domain/workflow.ts";
import { createFileStore } from "../../api/files/store.ts";
import { TACHE_TRAVAUX_APRES_VALIDATION, TACHES } from "../../api/jobs/taches.ts";
import { ressourceDemande } from "../../api/domain/travaux.ts";
import type { MailMessage, Mailer } from "../../api/mail/types.ts";
import { createLogger } from "../../server/logger.ts";
import { creerDemandeDeposable, deposer, deposerPieceJointe } from "../helpers/demande-api.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { pdfEnTexte } from "../helpers/pdf.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";
import { startSmtpServer, type SmtpDeTest } from "../helpers/smtp.ts";

const PASSWORD = "Anah-Demo-2026!";
const INSTRUCTEUR = "instructeur@demo.anah.gouv.fr";
const MINUTE = 60_000;
const logger = createLogger("silent");

let smtp: SmtpDeTest;
let portal: TestPortal;
let jetonInstructeur: string;
let instructeurId: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  portal = await startTestPortal({ SMTP_URL: smtp.url });
  jetonInstructeur = (await loginAs(portal.baseUrl, INSTRUCTEUR, PASSWORD)).accessToken;
  [{ id: instructeurId }] = await portal.database.db
    .select({ id: utilisateurs.id })
    .from(utilisateurs)
    .where(eq(utilisateurs.email, INSTRUCTEUR));
});

afterAll(async () => {
  await portal?.close();
  await smtp?.close();
});

/**
 * A company of its own (`identite` when given) with `nombre` confirmed
 * applicants (terms accepted); the first signed in.
 */
async function nouvelleSociete(nombre = 1, identite?: { siren: string; raisonSociale: string }) {
  const marque = randomUUID().slice(0, 8);
  const [societe] = await portal.database.db
    .insert(societes)
    .values(identite ?? { siren: `T${marque}`, raisonSociale: `Rénov Travaux ${marque}` })
    .returning();
  const passwordHash = await hash(PASSWORD);
  const comptes = [];
  for (let rang = 0; rang < nombre; rang += 1) {
    const [compte] = await portal.database.db
      .insert(utilisateurs)
      .values({
        idIdp: `travaux-${marque}-${rang}`,
        email: `travaux-${marque}-${rang}@exemple.fr`,
        prenom: "Camille",
        nom: `Durand ${rang}`,
        passwordHash,
        roles: ["demandeur"],
        societeId: societe.id,
        cguVersionAcceptee: CGU_VERSION,
      })
      .returning();
    comptes.push(compte);
  }
  const { accessToken } = await loginAs(portal.baseUrl, comptes[0].email, PASSWORD);
  return { comptes, jeton: accessToken };
}

/** A mailer that keeps what it sends and fails `echecs.get(address)` times first for an address. */
function mailerDeTest(echecs: Map<string, number>): Mailer & { envoyes: MailMessage[] } {
  const envoyes: MailMessage[] = [];
  return {
    envoyes,
    async envoyer(message) {
      const reste = echecs.get(message.to) ?? 0;
      if (reste > 0) {
        echecs.set(message.to, reste - 1);
        throw new Error("Relais de courriel indisponible (essai)");
      }
      envoyes.push(message);
    },
    async close() {},
  };
}

/** Runs the outbox's job as pg-boss would, with `mailer`. */
async function executerTache(mailer: Mailer): Promise<number> {
  const tache = TACHES.find((candidate) => candidate.nom === TACHE_TRAVAUX_APRES_VALIDATION);
  if (!tache) throw new Error("Tâche des travaux après validation absente de TACHES");
  const deps = {
    config: portal.config,
    database: portal.database,
    horloge: portal.horloge,
    logger,
    mailer,
  };
  return (await tache.executer(deps)) ?? 0;
}

/** The outbox rows of request `id`, oldest first. */
function travauxDe(id: string) {
  return portal.database.db
    .select()
    .from(travauxApresValidation)
    .where(eq(travauxApresValidation.ressource, ressourceDemande(id)))
    .orderBy(asc(travauxApresValidation.id));
}

/** The attachments of request `id` in `rubrique`. */
function piecesDe(id: string, rubrique: string) {
  return portal.database.db
    .select()
    .from(piecesJointes)
    .where(and(eq(piecesJointes.ressourceId, id), eq(piecesJointes.rubrique, rubrique)));
}

const recapsDe = (id: string) => piecesDe(id, RUBRIQUE_RECAP);
const synthesesDe = (id: string) => piecesDe(id, RUBRIQUE_SYNTHESE);

describe("post-commit work (transactional outbox)", () => {
  it("retries a mail whose attempts failed and sends each mail of an event exactly once", async () => {
    const { comptes, jeton } = await nouvelleSociete(2);
    const [premier, second] = comptes;
    const brouillon = await creerDemandeDeposable(portal.baseUrl, jeton);
    const { id } = await deposer(portal.baseUrl, jeton, brouillon.id);
    // Assigned, and told to the whole company (its creator's account is gone).
    await portal.database.db
      .update(demandes)
      .set({ etat: "affectee", instructeurId, demandeurId: null })
      .where(eq(demandes.id, id));
    smtp.refuser(second.email);
    const sujetMessage = (courriel: { subject: string }) =>
      courriel.subject.startsWith("Nouveau message");
    const smtpVers = (email: string) =>
      smtp.courriels.filter((courriel) => courriel.to.includes(email) && sujetMessage(courriel));

    const avant = new Set((await travauxDe(id)).map((travail) => travail.id));
    const reponse = await fetch(`${portal.baseUrl}/api/demande/${id}/message`, {
      method: "POST",
      headers: { Authorization: `Bearer ${jetonInstructeur}`, "Content-Type": "application/json" },
      body: JSON.stringify({ message: "Pouvez-vous préciser votre effectif ?" }),
    });
    expect(reponse.status).toBe(201);
    // Done by the request: one mail sent, the refused one kept for later.
    expect(smtpVers(premier.email)).toHaveLength(1);
    expect(smtpVers(second.email)).toEqual([]);
    const courriels = (await travauxDe(id)).filter(
      (travail) => travail.type === "courriel" && !avant.has(travail.id),
    );
    const versSecond = courriels.find((travail) =>
      JSON.stringify(travail.donnees).includes(second.email),
    );
    expect(courriels).toHaveLength(2);
    expect(versSecond).toMatchObject({ etat: "a_faire", tentatives: 1 });
    expect(versSecond!.derniereErreur).toBeTruthy();
    const versPremier = courriels.find((travail) => travail.id !== versSecond!.id)!;
    // A sent mail keeps neither address nor content at rest.
    expect(versPremier).toMatchObject({ etat: "fait", donnees: { sujet: expect.any(String) } });
    expect(JSON.stringify(versPremier.donnees)).not.toContain(premier.email);

    // The relay still fails once more: the job's first try fails, the next one sends.
    const mailer = mailerDeTest(new Map([[second.email, 1]]));
    const versLeSecond = () => mailer.envoyes.filter((message) => message.to === second.email);
    await executerTache(mailer);
    expect(versLeSecond()).toEqual([]);
    portal.horloge.avancer(MINUTE);
    await executerTache(mailer);
    expect(versLeSecond()).toEqual([]);
    const [apresEchec] = await portal.database.db
      .select()
      .from(travauxApresValidation)
      .where(eq(travauxApresValidation.id, versSecond!.id));
    expect(apresEchec).toMatchObject({ etat: "a_faire", tentatives: 2 });
    expect(apresEchec.prochaineTentative.getTime()).toBe(
      portal.horloge.now().getTime() + 5 * MINUTE,
    );

    portal.horloge.avancer(5 * MINUTE);
    await executerTache(mailer);
    expect(versLeSecond()).toHaveLength(1);
    expect(versLeSecond()[0].subject).toMatch(/^Nouveau message/);

    // Later runs send nothing again, to either recipient.
    portal.horloge.avancer(24 * 60 * MINUTE);
    await executerTache(mailer);
    expect(versLeSecond()).toHaveLength(1);
    expect(mailer.envoyes.filter((message) => message.to === premier.email)).toEqual([]);
    expect(smtpVers(premier.email)).toHaveLength(1);
    const [fait] = await portal.database.db
      .select()
      .from(travauxApresValidation)
      .where(eq(travauxApresValidation.id, versSecond!.id));
    expect(fait).toMatchObject({
      etat: "fait",
      tentatives: 3,
      donnees: { sujet: expect.any(String) },
    });
  });

  it("produces the recap PDF and the receipt of a deposit whose request stopped right after the commit", async () => {
    const { comptes, jeton } = await nouvelleSociete();
    const [deposant] = comptes;
    const brouillon = await creerDemandeDeposable(portal.baseUrl, jeton);
    const [demande] = await portal.database.db
      .select()
      .from(demandes)
      .where(eq(demandes.id, brouillon.id));
    // The handler alone: the deposit commits, and nothing runs after it, as
    // when the process dies between the commit and the post-commit work.
    const mailer = mailerDeTest(new Map());
    await HANDLERS_ACTION.DEPOSER!({
      deps: {
        config: portal.config,
        database: portal.database,
        logger,
        horloge: portal.horloge,
        mailer,
        fichiers: createFileStore({ dataDir: portal.config.dataDir }),
        authenticate: (_req, _res, next) => next(),
      },
      demande,
      utilisateur: { row: deposant, roles: businessRoles(deposant.roles) },
      transition: TRANSITIONS.find((transition) => transition.action === "DEPOSER")!,
      role: "demandeur",
      corps: {},
      fichiers: [],
      maintenant: portal.horloge.now(),
    });
    expect(await recapsDe(demande.id)).toEqual([]);
    expect(
      (await travauxDe(demande.id)).map(({ type, etat, tentatives }) => ({
        type,
        etat,
        tentatives,
      })),
    ).toEqual([
      { type: "notification", etat: "a_faire", tentatives: 0 },
      { type: "recapitulatif", etat: "a_faire", tentatives: 0 },
    ]);

    // The job leaves fresh work to its request for a minute, then does it.
    await executerTache(mailer);
    expect(await recapsDe(demande.id)).toEqual([]);
    portal.horloge.avancer(2 * MINUTE);
    await executerTache(mailer);
    const [depot] = await portal.database.db
      .select({ id: historique.id })
      .from(historique)
      .where(and(eq(historique.ressourceId, demande.id), eq(historique.action, "DEPOSER")));
    const recaps = await recapsDe(demande.id);
    expect(recaps).toHaveLength(1);
    expect(recaps[0]).toMatchObject({ mimeType: "application/pdf", historiqueId: depot.id });
    const syntheses = await synthesesDe(demande.id);
    expect(syntheses).toHaveLength(1);
    expect(syntheses[0]).toMatchObject({ mimeType: "application/pdf", historiqueId: depot.id });
    const telechargement = await fetch(`${portal.baseUrl}/api/piece-jointe/${recaps[0].id}`, {
      headers: { Authorization: `Bearer ${jeton}` },
    });
    expect(telechargement.status).toBe(200);
    expect(
      Buffer.from(await telechargement.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const recus = mailer.envoyes.filter((message) => message.to === deposant.email);
    expect(recus).toHaveLength(1);
    expect(recus[0].subject).toContain("Accusé de réception");
    expect((await travauxDe(demande.id)).every((travail) => travail.etat === "fait")).toBe(true);

    // Done once: a later run files no second recap or synthesis and sends no second receipt.
    portal.horloge.avancer(60 * MINUTE);
    await executerTache(mailer);
    expect(await recapsDe(demande.id)).toHaveLength(1);
    expect(await synthesesDe(demande.id)).toHaveLength(1);
    expect(mailer.envoyes.filter((message) => message.to === deposant.email)).toHaveLength(1);
  });

  it("leaves no work behind a business write that rolls back", async () => {
    const { comptes, jeton } = await nouvelleSociete();
    const brouillon = await creerDemandeDeposable(portal.baseUrl, jeton);
    const [demande] = await portal.database.db
      .select()
      .from(demandes)
      .where(eq(demandes.id, brouillon.id));
    const maintenant = portal.horloge.now();
    let ecritsDansLaTransaction = 0;
    await expect(
      portal.database.db.transaction(async (tx) => {
        const { historiqueId } = await ecrireTransition(tx, {
          demande,
          action: "DEPOSER",
          etatApres: "deposee",
          acteur: { id: comptes[0].id, role: "demandeur" },
          maintenant,
        });
        await planifierRecapitulatif(tx, {
          demandeId: demande.id,
          historiqueId,
          utilisateurId: comptes[0].id,
          maintenant,
        });
        ecritsDansLaTransaction = (
          await tx
            .select()
            .from(travauxApresValidation)
            .where(eq(travauxApresValidation.ressource, ressourceDemande(demande.id)))
        ).length;
        throw new Error("Échec voulu après l'écriture métier");
      }),
    ).rejects.toThrow("Échec voulu");
    expect(ecritsDansLaTransaction).toBe(2);
    expect(await travauxDe(demande.id)).toEqual([]);
    const [apres] = await portal.database.db
      .select({ etat: demandes.etat })
      .from(demandes)
      .where(eq(demandes.id, demande.id));
    expect(apres.etat).toBe("brouillon");

    // Nothing for the job to do about it either.
    const mailer = mailerDeTest(new Map());
    portal.horloge.avancer(2 * MINUTE);
    await executerTache(mailer);
    expect(await recapsDe(demande.id)).toEqual([]);
    expect(mailer.envoyes.filter((message) => message.to === comptes[0].email)).toEqual([]);
  });
});

describe("the synthesis PDF filed at deposit", () => {
  it("files a one-page synthesis for the instruction staff next to the recap", async () => {
    portal.horloge.regler(new Date("2026-03-02T08:30:00Z"));
    const { jeton } = await nouvelleSociete(1, {
      siren: "519842007",
      raisonSociale: "Rénov'Synthèse Conseil",
    });
    const brouillon = await creerDemandeDeposable(portal.baseUrl, jeton, {
      etape2: {
        regions: ["11"],
        departements: ["13", "33", "59"],
        communes: ["13055", "33063"],
      },
    });
    await deposerPieceJointe(portal.baseUrl, jeton, brouillon.id, "info_generale", "statuts.pdf");
    const depot = await deposer(portal.baseUrl, jeton, brouillon.id);
    expect(depot.numeroDossier).toMatch(/^MAR-2026-\d{6}$/);

    const syntheses = await synthesesDe(depot.id);
    expect(syntheses).toHaveLength(1);
    expect(syntheses[0]).toMatchObject({
      mimeType: "application/pdf",
      nom: `synthese-${depot.numeroDossier}.pdf`,
      deposeParId: null,
    });
    expect(syntheses[0].historiqueId).toBe((await recapsDe(depot.id))[0].historiqueId);
    // The procedure lists both documents, for the recap page and the file page.
    const procedure = await fetch(`${portal.baseUrl}/api/demande/${depot.id}/procedure`, {
      headers: { Authorization: `Bearer ${jeton}` },
    });
    expect(procedure.status).toBe(200);
    const { documentsDepot } = (await procedure.json()) as {
      documentsDepot: { libelle: string; nom: string; codeTypePJ: string; mimeType: string }[];
    };
    expect(documentsDepot).toMatchObject([
      {
        libelle: "Récapitulatif de la demande",
        codeTypePJ: "pj_recap_demande",
        nom: `recapitulatif-${depot.numeroDossier}.pdf`,
        mimeType: "application/pdf",
      },
      {
        libelle: "Synthèse de la demande",
        codeTypePJ: "synthese_demande",
        nom: `synthese-${depot.numeroDossier}.pdf`,
        mimeType: "application/pdf",
      },
    ]);
    // The instruction staff downloads it like any attachment of the file.
    const telechargement = await fetch(`${portal.baseUrl}/api/piece-jointe/${syntheses[0].id}`, {
      headers: { Authorization: `Bearer ${jetonInstructeur}` },
    });
    expect(telechargement.status).toBe(200);
    expect(telechargement.headers.get("content-type")).toBe("application/pdf");
    const pdf = Buffer.from(await telechargement.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");

    const texte = (await pdfEnTexte(pdf)).replace(/[ \t]+/g, " ");
    // pdftotext ends every page with a form feed.
    expect(texte.split("\f").filter((page) => page.trim())).toHaveLength(1);
    for (const attendu of [
      "Synthèse de la demande d'agrément",
      `Numéro de dossier : ${depot.numeroDossier}`,
      "Date de création de la demande : 02/03/2026",
      "Date de dépôt : 02/03/2026",
      "Service instructeur : Délégation locale de l'Anah – Paris",
      "Raison sociale : Rénov'Synthèse Conseil",
      "SIREN : 519842007",
      "Qualité de la structure : Opérateur d'une opération programmée (OPAH)",
      "Forme juridique : SAS, société par actions simplifiée",
      "Commune du siège : 75011 Paris",
      "Signataire : Camille Martin, Gérante",
      "Étendue : 1 région, 3 départements, 0 EPCI, 2 communes",
      "Régions : Île-de-France (11)",
      "ETP de la structure : 7,5, dont 4 dédiés à l'accompagnement",
      "ETP prévisionnels dédiés à l'accompagnement : 5, dont 2,25 en renforcé",
      "Part prévisionnelle de l'activité d'accompagnement : 60 %",
      "Missions facultatives : Oui",
      "Pièces justificatives",
      "Informations générales sur la structure : 2 fichiers",
      "Capacité financière : 1 fichier",
      "Pièces complémentaires : Aucun fichier",
      "Page 1 sur 1",
    ])
      expect(texte).toContain(attendu);
  });

  it("files only what a deposit's history row lacks, whatever the number of runs", async () => {
    const { comptes, jeton } = await nouvelleSociete();
    const brouillon = await creerDemandeDeposable(portal.baseUrl, jeton);
    const { id } = await deposer(portal.baseUrl, jeton, brouillon.id);
    const [recap] = await recapsDe(id);
    const [synthese] = await synthesesDe(id);
    const travail: TravailRecapitulatif = {
      demandeId: id,
      historiqueId: recap.historiqueId!,
      utilisateurId: comptes[0].id,
      date: portal.horloge.now().toISOString(),
    };
    const deps = {
      database: portal.database,
      fichiers: createFileStore({ dataDir: portal.config.dataDir }),
    };

    // Run again once both are filed: nothing more.
    await produireRecapitulatif(deps, travail);
    expect((await recapsDe(id)).map((piece) => piece.id)).toEqual([recap.id]);
    expect((await synthesesDe(id)).map((piece) => piece.id)).toEqual([synthese.id]);

    // A deposit whose work filed the recap alone (planned before the synthesis existed).
    await portal.database.db.delete(piecesJointes).where(eq(piecesJointes.id, synthese.id));
    await produireRecapitulatif(deps, travail);
    await produireRecapitulatif(deps, travail);
    expect((await recapsDe(id)).map((piece) => piece.id)).toEqual([recap.id]);
    const syntheses = await synthesesDe(id);
    expect(syntheses).toHaveLength(1);
    expect(syntheses[0]).toMatchObject({
      historiqueId: recap.historiqueId,
      mimeType: "application/pdf",
    });
  });
});
