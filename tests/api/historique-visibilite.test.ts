/**
 * What each reader gets of a request's history over HTTP (an applicant
 * sees only what is his to see; contract/historique-visibilite.ts):
 * five requests driven through the real API so that every action of the
 * transition table that writes a comment writes one with a unique marker,
 * then GET /api/demande/{id}/historique and the historique.csv of
 * GET /api/demande/{id}/dossier read by the applicant and by the staff
 * (instructeur, superviseur, CRHH, central). The applicant keeps the
 * comments addressed to him and gets none of the staff's; staff get all.
 */
import { hash } from "@node-rs/argon2";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import type { ActionDemande } from "../../contract/etats.ts";
import { LIBELLES_ACTION } from "../../contract/schemas/instruction.ts";
import type { DemandeDetail, EntreeHistorique } from "../../contract/schemas/demande.ts";
import type { Note } from "../../contract/schemas/notes.ts";
import { societes, utilisateurs } from "../../api/db/schema.ts";
import { annuler, appelApi, pdfMinimal } from "../helpers/demande-api.ts";
import {
  agirEnTantQue,
  confirmerRefus,
  connecterEquipeDemo,
  creerProcedure,
  demanderComplement,
  demanderCompletude,
  deposerEnEdition,
  deposerNouvelleDemande,
  donnerComplement,
  exprimerAvis,
  idUtilisateur,
  modifierAgrement,
  modifierProcedure,
  motiverRefus,
  pdfAction,
  nouvelleDemandeEnEtat,
  proposerRefus,
  refuserRefus,
  retournerEnEdition,
  terminerProcedure,
  visualiserResultat,
  type ContexteInstruction,
  type EquipeInstruction,
} from "../helpers/instruction-api.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { pdfEnTexte } from "../helpers/pdf.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Anah-Demo-2026!";
/** 10 March 2026, 10:00 in Paris: deposits start the 3-month clock then. */
const DEBUT = new Date("2026-03-10T09:00:00Z");
/** 11 June 2026: the clock of a request deposited at {@link DEBUT} has expired. */
const APRES_DELAI = new Date("2026-06-11T08:00:00Z");
/** A marker unique to this run, so PostgreSQL runs never see each other's rows. */
const marque = `Hv${randomUUID().slice(0, 8)}`;

/** The five requests of the scenario. */
type Dossier = "accorde" | "refuse" | "decision_refus" | "rejet_tacite" | "annule";

/** One comment the scenario writes: on which request, with which action, and whether it is the applicant's to read. */
interface Cas {
  cle: string;
  dossier: Dossier;
  action: ActionDemande;
  pourDemandeur: boolean;
}

/**
 * Every comment-writing action of the transition table (DESIGN §3), each
 * once at least, with what the applicant must get of it.
 */
const CAS: readonly Cas[] = [
  { cle: "affecter", dossier: "accorde", action: "AFFECTER_INSTRUCTEUR", pourDemandeur: false },
  { cle: "reaffecter", dossier: "accorde", action: "REAFFECTER_INSTRUCTEUR", pourDemandeur: false },
  {
    cle: "completude",
    dossier: "accorde",
    action: "DEMANDER_COMPLEMENT_COMPLETUDE",
    pourDemandeur: true,
  },
  { cle: "reponse1", dossier: "accorde", action: "DONNER_COMPLEMENT", pourDemandeur: true },
  { cle: "edition", dossier: "accorde", action: "RETOURNER_EN_EDITION", pourDemandeur: true },
  {
    cle: "complet",
    dossier: "accorde",
    action: "CONFIRMER_COMPLETUDE",
    pourDemandeur: false,
  },
  { cle: "complement", dossier: "accorde", action: "DEMANDER_COMPLEMENT", pourDemandeur: true },
  { cle: "reponse2", dossier: "accorde", action: "DONNER_COMPLEMENT", pourDemandeur: true },
  { cle: "avis-crhh", dossier: "accorde", action: "EXPRIMER_AVIS_CRHH", pourDemandeur: false },
  {
    cle: "avis-instructeur",
    dossier: "accorde",
    action: "EXPRIMER_AVIS_INSTRUCTEUR",
    pourDemandeur: false,
  },
  {
    cle: "avis-superviseur",
    dossier: "accorde",
    action: "EXPRIMER_AVIS_SUPERVISEUR",
    pourDemandeur: false,
  },
  { cle: "decision", dossier: "accorde", action: "EXPRIMER_AVIS_DECIDEUR", pourDemandeur: true },
  { cle: "perimetre", dossier: "accorde", action: "MODIFIER_AGREMENT", pourDemandeur: false },
  { cle: "procedure1", dossier: "accorde", action: "CREER_PROCEDURE", pourDemandeur: false },
  { cle: "suspension", dossier: "accorde", action: "MODIFIER_PROCEDURE", pourDemandeur: false },
  { cle: "maintien", dossier: "accorde", action: "TERMINER_PROCEDURE", pourDemandeur: false },
  { cle: "procedure2", dossier: "accorde", action: "CREER_PROCEDURE", pourDemandeur: false },
  { cle: "retrait", dossier: "accorde", action: "TERMINER_PROCEDURE", pourDemandeur: true },
  {
    cle: "proposition1",
    dossier: "refuse",
    action: "PROPOSER_REFUS_DEMANDE",
    pourDemandeur: false,
  },
  { cle: "ecarte", dossier: "refuse", action: "REFUSER_REFUS", pourDemandeur: false },
  {
    cle: "proposition2",
    dossier: "refuse",
    action: "PROPOSER_REFUS_DEMANDE",
    pourDemandeur: false,
  },
  { cle: "confirme", dossier: "refuse", action: "CONFIRMER_REFUS", pourDemandeur: false },
  { cle: "motifs", dossier: "refuse", action: "MOTIVER_REFUS", pourDemandeur: true },
  {
    cle: "decision-refus",
    dossier: "decision_refus",
    action: "EXPRIMER_AVIS_DECIDEUR",
    pourDemandeur: true,
  },
  {
    cle: "rejet",
    dossier: "rejet_tacite",
    action: "REJETER_TACITEMENT_DOSSIER",
    pourDemandeur: true,
  },
  { cle: "annulation", dossier: "annule", action: "ANNULER_DEMANDE", pourDemandeur: true },
];

/** Actions whose rows the applicant never gets (the staff's deliberation). */
const ACTIONS_MASQUEES: readonly ActionDemande[] = [
  "EXPRIMER_AVIS_CRHH",
  "EXPRIMER_AVIS_INSTRUCTEUR",
  "EXPRIMER_AVIS_SUPERVISEUR",
  "PROPOSER_REFUS_DEMANDE",
  "CONFIRMER_REFUS",
  "REFUSER_REFUS",
];

/**
 * Staff-only texts written beside the history (spec §3 Note, Opinion):
 * a note and its file, the file of the CRHH's opinion (name and content).
 */
const AUTRES_INTERNES = ["note", "pj-note", "pj-avis"] as const;

/** The comment of case `cle`: a sentence with a marker found nowhere else. */
const texte = (cle: string) => `Commentaire ${marque}-${cle} écrit pour le test.`;

let portal: TestPortal;
let equipe: EquipeInstruction;
let passwordHash: string;
let compteur = 0;
/** Readers by name: the applicant of every request, then the staff. */
const lecteurs: Record<string, string> = {};
const ids = {} as Record<Dossier, string>;
/** Applicants by request (one active request per company: one company each). */
const demandeurs = {} as Record<Dossier, string>;

/** A fresh applicant with his own company (created in the database), signed in. */
async function nouveauDemandeur(): Promise<string> {
  compteur += 1;
  const numero = String(compteur).padStart(2, "0");
  const [societe] = await portal.database.db
    .insert(societes)
    .values({
      siren: `8${String(Date.now() % 10_000_000).padStart(7, "0")}${compteur % 10}`,
      raisonSociale: `${marque} Structure ${numero}`,
      qualites: ["qualityOp"],
    })
    .returning();
  const email = `${marque.toLowerCase()}-${numero}@exemple.fr`;
  await portal.database.db.insert(utilisateurs).values({
    idIdp: `${marque}-${numero}`,
    email,
    prenom: "Jeanne",
    nom: `Candidate ${numero}`,
    roles: ["demandeur"],
    passwordHash,
    societeId: societe.id,
  });
  return (await loginAs(portal.baseUrl, email, PASSWORD)).accessToken;
}

async function contexte(dossier: Dossier): Promise<ContexteInstruction> {
  demandeurs[dossier] = await nouveauDemandeur();
  return { baseUrl: portal.baseUrl, demandeur: demandeurs[dossier], equipe };
}

/** Every entry of a ZIP: its name → its bytes. */
function lireZip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (erreur, fichier) => {
      if (erreur || !fichier) return reject(erreur);
      const entrees = new Map<string, Buffer>();
      fichier.on("entry", (entree: yauzl.Entry) => {
        fichier.openReadStream(entree, (erreurLecture, flux) => {
          if (erreurLecture || !flux) return reject(erreurLecture);
          const morceaux: Buffer[] = [];
          flux.on("data", (morceau: Buffer) => morceaux.push(morceau));
          flux.on("end", () => {
            entrees.set(entree.fileName, Buffer.concat(morceaux));
            fichier.readEntry();
          });
          flux.on("error", reject);
        });
      });
      fichier.on("end", () => resolve(entrees));
      fichier.on("error", reject);
      fichier.readEntry();
    });
  });
}

/** GET /api/demande/{id}/historique as the reader of `token`. */
function historiqueJson(token: string, id: string): Promise<EntreeHistorique[]> {
  return appelApi<EntreeHistorique[]>(portal.baseUrl, token, "GET", `/demande/${id}/historique`);
}

/** historique.csv of GET /api/demande/{id}/dossier as the reader of `token` (BOM dropped). */
async function historiqueCsv(token: string, id: string): Promise<string> {
  const response = await fetch(`${portal.baseUrl}/api/demande/${id}/dossier`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const zip = await lireZip(Buffer.from(await response.arrayBuffer()));
  return zip.get("historique.csv")!.subarray(3).toString("utf8");
}

/** GET /api{chemin} as the reader of `token`: its status and bytes. */
async function octets(token: string, chemin: string): Promise<{ status: number; corps: Buffer }> {
  const response = await fetch(`${portal.baseUrl}/api${chemin}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: response.status, corps: Buffer.from(await response.arrayBuffer()) };
}

/** What a file says: a PDF's text (pdftotext), anything else as UTF-8. */
const texteDe = async (nom: string, contenu: Buffer) =>
  contenu.subarray(0, 5).toString("latin1") === "%PDF-"
    ? pdfEnTexte(contenu)
    : `${nom}\n${contenu.toString("utf8")}`;

/**
 * Everything the applicant of `dossier` reads of it through the API, as one
 * text with every blank removed (a marker a PDF wrapped across lines is
 * still found): his detail, his list, the history, the attachment
 * procedure, the messages, the approval, both archives with every file
 * in them, and every attachment the detail names, downloaded by id.
 */
async function toutCeQueLitLeDemandeur(dossier: Dossier): Promise<string> {
  const token = demandeurs[dossier];
  const id = ids[dossier];
  const morceaux: string[] = [];
  const json = async <T>(chemin: string): Promise<T> => {
    const corps = await appelApi<T>(portal.baseUrl, token, "GET", chemin);
    morceaux.push(JSON.stringify(corps));
    return corps;
  };
  const detail = await json<DemandeDetail>(`/demande/${id}`);
  await json("/demandes/mes-demandes");
  await json(`/demande/${id}/historique`);
  await json(`/demande/${id}/procedure`);
  await json(`/demande/${id}/messages`);
  if (detail.agrement) await json(`/agrement/${detail.agrement.id}`);
  for (const archive of ["dossier", "download-all-pj"]) {
    const { status, corps } = await octets(token, `/demande/${id}/${archive}`);
    expect(status).toBe(200);
    for (const [nom, contenu] of await lireZip(corps)) morceaux.push(await texteDe(nom, contenu));
  }
  const pieces = [
    detail.decision,
    ...detail.avis.map((avis) => avis.pieceJointe),
    ...detail.pjAdditionnelles.flatMap((groupe) => groupe.piecesJointes),
    ...(detail.agrement?.attestations ?? []).map((attestation) => attestation.pieceJointe),
  ].flatMap((piece) => piece ?? []);
  for (const piece of pieces) {
    const { status, corps } = await octets(token, `/piece-jointe/${piece.id}`);
    expect(status).toBe(200);
    morceaux.push(await texteDe(piece.nom, corps));
  }
  return morceaux.join("\n").replace(/\s+/g, "");
}

/** Whether `lu` (blanks removed) carries the marker of `cle`. */
const porte = (lu: string, cle: string) => lu.includes(`${marque}-${cle}écrit`);

/** The token of reader `nom` for request `dossier` ("demandeur": that request's applicant). */
const jeton = (nom: string, dossier: Dossier) =>
  nom === "demandeur" ? demandeurs[dossier] : lecteurs[nom];

const LECTEURS = ["demandeur", "instructeur", "superviseur", "crhh", "centrale"] as const;

/** What a reader got of each case: "lu" in its row, "fuite" elsewhere in the answer, or "absent". */
type Lecture = Record<string, Record<string, "lu" | "fuite" | "absent">>;

/** What each reader must read of each case: the applicant his own, staff everything. */
function attendu(): Lecture {
  return Object.fromEntries(
    LECTEURS.map((nom) => [
      nom,
      Object.fromEntries(
        CAS.map(({ cle, pourDemandeur }) => [
          cle,
          nom !== "demandeur" || pourDemandeur ? "lu" : "absent",
        ]),
      ),
    ]),
  );
}

beforeAll(async () => {
  portal = await startTestPortal();
  portal.horloge.regler(DEBUT);
  passwordHash = await hash(PASSWORD);
  equipe = await connecterEquipeDemo(portal.baseUrl);
  Object.assign(lecteurs, equipe, {
    centrale: (await loginAs(portal.baseUrl, "centrale@demo.anah.gouv.fr", PASSWORD)).accessToken,
  });

  // Granted, then a perimeter change and two withdrawal procedures.
  let ctx = await contexte("accorde");
  let id = (ids.accorde = (await deposerNouvelleDemande(ctx)).id);
  const instructeurId = await idUtilisateur(ctx, equipe.instructeur);
  await agirEnTantQue(ctx, equipe.superviseur, id, "AFFECTER_INSTRUCTEUR", {
    instructeurId,
    commentaire: texte("affecter"),
  });
  // Beside the history: a message to the applicant, an internal note with its file.
  await appelApi(portal.baseUrl, equipe.instructeur, "POST", `/demande/${id}/message`, {
    message: texte("message"),
  });
  const note = new FormData();
  note.set("note", texte("note"));
  note.set(
    "fichier",
    new Blob([new Uint8Array(await pdfMinimal(texte("pj-note")))], { type: "application/pdf" }),
    "note-interne.pdf",
  );
  await appelApi(portal.baseUrl, equipe.instructeur, "POST", `/demande/${id}/note`, note);
  await agirEnTantQue(ctx, equipe.superviseur, id, "REAFFECTER_INSTRUCTEUR", {
    instructeurId,
    commentaire: texte("reaffecter"),
  });
  await demanderCompletude(ctx, id, texte("completude"));
  await donnerComplement(ctx, id, undefined, texte("reponse1"));
  await retournerEnEdition(ctx, id, texte("edition"));
  await deposerEnEdition(ctx, id);
  await agirEnTantQue(ctx, equipe.instructeur, id, "CONFIRMER_COMPLETUDE", {
    consultationCrhh: "oui",
    commentaire: texte("complet"),
  });
  await demanderComplement(ctx, id, { commentaire: texte("complement") });
  await donnerComplement(ctx, id, undefined, texte("reponse2"));
  await exprimerAvis(ctx, id, "EXPRIMER_AVIS_CRHH", {
    commentaire: texte("avis-crhh"),
    fichier: await pdfAction("avis-crhh.pdf", texte("pj-avis")),
  });
  await exprimerAvis(ctx, id, "EXPRIMER_AVIS_INSTRUCTEUR", {
    commentaire: texte("avis-instructeur"),
  });
  await exprimerAvis(ctx, id, "EXPRIMER_AVIS_SUPERVISEUR", {
    commentaire: texte("avis-superviseur"),
  });
  await exprimerAvis(ctx, id, "EXPRIMER_AVIS_DECIDEUR", {
    avis: "AGREMENT_VALIDE",
    commentaire: texte("decision"),
  });
  await visualiserResultat(ctx, id);
  await modifierAgrement(ctx, id, undefined, texte("perimetre"));
  await visualiserResultat(ctx, id);
  await creerProcedure(ctx, id, { commentaire: texte("procedure1") });
  await modifierProcedure(ctx, id, {
    type: "retrait_avec_suspension",
    commentaire: texte("suspension"),
  });
  await terminerProcedure(ctx, id, "agrement_maintenu", texte("maintien"));
  await creerProcedure(ctx, id, { commentaire: texte("procedure2") });
  const retire = await terminerProcedure(ctx, id, "agrement_retire", texte("retrait"));
  expect(retire.etat).toBe("agrement_retire");

  // Refused after a dismissed then a confirmed refusal proposal.
  ctx = await contexte("refuse");
  id = ids.refuse = (await nouvelleDemandeEnEtat(ctx, "affectee")).id;
  await proposerRefus(ctx, id, texte("proposition1"));
  await refuserRefus(ctx, id, texte("ecarte"));
  await proposerRefus(ctx, id, texte("proposition2"));
  await confirmerRefus(ctx, id, texte("confirme"));
  expect((await motiverRefus(ctx, id, texte("motifs"))).etat).toBe("refusee");

  // Refused by the decision.
  ctx = await contexte("decision_refus");
  id = ids.decision_refus = (await nouvelleDemandeEnEtat(ctx, "instruite_superviseur")).id;
  const refusee = await exprimerAvis(ctx, id, "EXPRIMER_AVIS_DECIDEUR", {
    avis: "AGREMENT_REFUSE",
    commentaire: texte("decision-refus"),
  });
  expect(refusee.etat).toBe("refusee");

  // Cancelled by its applicant.
  ctx = await contexte("annule");
  id = ids.annule = (await deposerNouvelleDemande(ctx)).id;
  await annuler(portal.baseUrl, ctx.demandeur, id, texte("annulation"));

  // Deemed rejected once its clock expired.
  ctx = await contexte("rejet_tacite");
  id = ids.rejet_tacite = (await nouvelleDemandeEnEtat(ctx, "affectee")).id;
  portal.horloge.regler(APRES_DELAI);
  const rejetee = await agirEnTantQue(ctx, equipe.superviseur, id, "REJETER_TACITEMENT_DOSSIER", {
    commentaire: texte("rejet"),
  });
  expect(rejetee.etat).toBe("rejetee_tacitement");
  portal.horloge.regler(DEBUT);
}, 300_000);

afterAll(async () => {
  await portal?.close();
});

describe("history of a request by reader", () => {
  it("JSON: the applicant reads the comments addressed to him and none of the staff's; staff read them all", async () => {
    const lu: Lecture = {};
    for (const nom of LECTEURS) {
      lu[nom] = {};
      for (const { cle, dossier, action } of CAS) {
        const entrees = await historiqueJson(jeton(nom, dossier), ids[dossier]);
        const brut = JSON.stringify(entrees);
        const present = entrees.some(
          (entree) => entree.action === action && entree.commentaire === texte(cle),
        );
        // A leak anywhere in the answer counts, not only in its own row.
        lu[nom][cle] = present ? "lu" : brut.includes(`${marque}-${cle} `) ? "fuite" : "absent";
      }
    }
    expect(lu).toEqual(attendu());
  });

  it("historique.csv of the file archive: the same reading for each reader", async () => {
    const lu: Lecture = {};
    for (const nom of LECTEURS) {
      lu[nom] = {};
      const csv = {} as Record<Dossier, string>;
      for (const dossier of Object.keys(ids) as Dossier[])
        csv[dossier] = await historiqueCsv(jeton(nom, dossier), ids[dossier]);
      for (const { cle, dossier } of CAS)
        lu[nom][cle] = csv[dossier].includes(texte(cle)) ? "lu" : "absent";
    }
    expect(lu).toEqual(attendu());
  });

  it("the applicant gets no row of the staff's deliberation, and the staff's steps without their comment", async () => {
    for (const dossier of Object.keys(ids) as Dossier[]) {
      const entrees = await historiqueJson(demandeurs[dossier], ids[dossier]);
      expect(
        entrees.filter((entree) => ACTIONS_MASQUEES.includes(entree.action as ActionDemande)),
      ).toEqual([]);
      const csv = await historiqueCsv(demandeurs[dossier], ids[dossier]);
      for (const action of ACTIONS_MASQUEES)
        expect(csv).not.toContain(`;${LIBELLES_ACTION[action]};`);
    }
    const accorde = await historiqueJson(demandeurs.accorde, ids.accorde);
    const commentaires = (action: ActionDemande) =>
      accorde.filter((entree) => entree.action === action).map((entree) => entree.commentaire);
    expect(commentaires("AFFECTER_INSTRUCTEUR")).toEqual([null]);
    expect(commentaires("CONFIRMER_COMPLETUDE")).toEqual([null]);
    expect(commentaires("CREER_PROCEDURE")).toEqual([null, null]);
    expect(commentaires("TERMINER_PROCEDURE")).toEqual([texte("retrait"), null]);
    // The staff read the same request's deliberation in full.
    const vueInstructeur = await historiqueJson(equipe.instructeur, ids.accorde);
    expect(vueInstructeur.map((entree) => entree.action)).toEqual(
      expect.arrayContaining(["EXPRIMER_AVIS_CRHH", "EXPRIMER_AVIS_INSTRUCTEUR"]),
    );
  });

  it("no other read of the applicant (detail, list, messages, approval, archives, files) carries a staff-only text", async () => {
    const internes = [
      ...CAS.filter((un) => !un.pourDemandeur).map((un) => un.cle),
      ...AUTRES_INTERNES,
    ];
    const fuites: Record<string, string[]> = {};
    const lus: Record<string, string> = {};
    for (const dossier of Object.keys(ids) as Dossier[]) {
      lus[dossier] = await toutCeQueLitLeDemandeur(dossier);
      fuites[dossier] = internes.filter((cle) => porte(lus[dossier], cle));
    }
    expect(fuites).toEqual({
      accorde: [],
      refuse: [],
      decision_refus: [],
      rejet_tacite: [],
      annule: [],
    });
    // What is his does reach him: the message, and the grounds printed in the letters.
    expect(porte(lus.accorde, "message")).toBe(true);
    const lettre = async (dossier: Dossier) => {
      const { decision } = await appelApi<DemandeDetail>(
        portal.baseUrl,
        demandeurs[dossier],
        "GET",
        `/demande/${ids[dossier]}`,
      );
      const { corps } = await octets(demandeurs[dossier], `/piece-jointe/${decision!.id}`);
      return (await pdfEnTexte(corps)).replace(/\s+/g, "");
    };
    expect(porte(await lettre("refuse"), "motifs")).toBe(true);
    expect(porte(await lettre("accorde"), "retrait")).toBe(true);
    expect(porte(await lettre("rejet_tacite"), "rejet")).toBe(true);

    // The staff-only files and the notes stay out of his reach, asked by id.
    const notes = await appelApi<Note[]>(
      portal.baseUrl,
      equipe.instructeur,
      "GET",
      `/demande/${ids.accorde}/notes`,
    );
    const vueStaff = await appelApi<DemandeDetail>(
      portal.baseUrl,
      equipe.instructeur,
      "GET",
      `/demande/${ids.accorde}`,
    );
    const pieceNote = notes.find((note) => note.texte === texte("note"))?.pieceJointe;
    const pieceAvis = vueStaff.avis.find((avis) => avis.typeAvis === "avis_crhh")?.pieceJointe;
    const statut = async (chemin: string) => (await octets(demandeurs.accorde, chemin)).status;
    expect({
      notes: await statut(`/demande/${ids.accorde}/notes`),
      "pj-note": await statut(`/piece-jointe/${pieceNote!.id}`),
      "pj-avis": await statut(`/piece-jointe/${pieceAvis!.id}`),
    }).toEqual({ notes: 404, "pj-note": 404, "pj-avis": 404 });
  });
});
