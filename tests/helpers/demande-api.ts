/**
 * Approval requests through the HTTP API, for API tests and Playwright
 * tests alike (plain fetch, no test-runner import): a valid step 1 and
 * step 2, one small real PDF per required rubric, deposit, cancellation.
 * Every call throws with the status and body when the API refuses it.
 */
import PDFDocument from "pdfkit";
import { RUBRIQUES_DEMANDE } from "../../contract/pieces-jointes.ts";
import type { DemandeDetail } from "../../contract/schemas/demande.ts";

/** A valid step 1: head office in Paris 11e (postal code 75011, commune Paris 75056). */
export const ETAPE1_VALIDE = {
  signataireNom: "Martin",
  signatairePrenom: "Camille",
  signataireQualite: "Gérante",
  structureQualite: "qualityOp",
  formeJuridique: "5710",
  dateCreationStructure: "2015-03-12",
  telephone: "01 84 60 27 15",
  email: "contact@renovconseil.example",
  adresse: "12 rue de la Roquette",
  complementAdresse: "Bâtiment B",
  codePostal: "75011",
  commune: "75056",
};

/** A valid step 2: Île-de-France, ETP figures typed the French way. */
export const ETAPE2_VALIDE = {
  regions: ["11"],
  departements: [] as string[],
  epcis: [] as string[],
  communes: [] as string[],
  nb_etp_struct: "7,5",
  nb_etp_accomp: "4",
  nb_etp_accomp_prev: "5",
  nb_etp_accomp_renf_prev: "2,25",
  part_activite_previsionnelle: "60",
  missionsFacultatives: "oui",
};

/** Codes of the rubrics that need at least one file before deposit. */
export const RUBRIQUES_OBLIGATOIRES = RUBRIQUES_DEMANDE.filter(
  (rubrique) => rubrique.minPj > 0,
).map((rubrique) => rubrique.code);

/** The error an API call raised: its status and parsed body. */
export class ErreurApi extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    requete: string,
  ) {
    super(`${requete} → HTTP ${status} ${JSON.stringify(body)}`);
  }
}

/**
 * Calls `${baseUrl}/api${chemin}` with the bearer token; a plain object
 * body goes as JSON, FormData and URLSearchParams as they are. Returns the
 * parsed JSON (null for 204); throws {@link ErreurApi} when not 2xx.
 */
export async function appelApi<T = unknown>(
  baseUrl: string,
  token: string,
  methode: string,
  chemin: string,
  corps?: Record<string, unknown> | FormData | URLSearchParams,
): Promise<T> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  let body: BodyInit | undefined;
  if (corps instanceof FormData || corps instanceof URLSearchParams) body = corps;
  else if (corps !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(corps);
  }
  const response = await fetch(`${baseUrl}/api${chemin}`, { method: methode, headers, body });
  const texte = await response.text();
  const json = texte ? JSON.parse(texte) : null;
  if (!response.ok) throw new ErreurApi(response.status, json, `${methode} ${chemin}`);
  return json as T;
}

/** A one-page PDF saying `texte`, built in memory with pdfkit. */
export function pdfMinimal(texte: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({ size: "A4", info: { Title: texte } });
    const morceaux: Buffer[] = [];
    document.on("data", (morceau: Buffer) => morceaux.push(morceau));
    document.on("end", () => resolve(Buffer.concat(morceaux)));
    document.on("error", reject);
    document.fontSize(14).text(texte);
    document.end();
  });
}

/**
 * Uploads one small PDF into rubric `codeTypePJ` of request `id`
 * (POST /api/demande/{id}/pj, multipart `codeTypePJ` + `fichier`).
 */
export async function deposerPieceJointe(
  baseUrl: string,
  token: string,
  id: string,
  codeTypePJ: string,
  nom = `${codeTypePJ}.pdf`,
): Promise<void> {
  const formulaire = new FormData();
  formulaire.set("codeTypePJ", codeTypePJ);
  const pdf = await pdfMinimal(`Pièce « ${codeTypePJ} » de la demande ${id}`);
  formulaire.set("fichier", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), nom);
  await appelApi(baseUrl, token, "POST", `/demande/${id}/pj`, formulaire);
}

export interface OptionsDemande {
  /** Fields of step 1 to change from {@link ETAPE1_VALIDE}. */
  etape1?: Partial<typeof ETAPE1_VALIDE>;
  /** Fields of step 2 to change from {@link ETAPE2_VALIDE}; null skips step 2. */
  etape2?: Partial<typeof ETAPE2_VALIDE> | null;
  /** Rubrics that receive a PDF (default: every required one). */
  rubriques?: readonly string[];
}

/**
 * Creates a draft ready to deposit for the applicant of `token`: step 1
 * (POST /api/demande), step 2 (PUT step/2), a small PDF per required
 * rubric. Returns the draft's DemandeDetail as it stands afterwards.
 */
export async function creerDemandeDeposable(
  baseUrl: string,
  token: string,
  options: OptionsDemande = {},
): Promise<DemandeDetail> {
  const creee = await appelApi<DemandeDetail>(baseUrl, token, "POST", "/demande", {
    ...ETAPE1_VALIDE,
    ...options.etape1,
  });
  if (options.etape2 !== null)
    await appelApi(baseUrl, token, "PUT", `/demande/${creee.id}/step/2`, {
      ...ETAPE2_VALIDE,
      ...options.etape2,
    });
  for (const rubrique of options.rubriques ?? RUBRIQUES_OBLIGATOIRES)
    await deposerPieceJointe(baseUrl, token, creee.id, rubrique);
  return appelApi<DemandeDetail>(baseUrl, token, "GET", `/demande/${creee.id}`);
}

/**
 * Posts `action` on request `id` as form data (spec §7), with the version
 * seen when given, and the other fields. Returns the DemandeDetail after.
 */
export function agir(
  baseUrl: string,
  token: string,
  id: string,
  action: string,
  champs: Record<string, string> = {},
  kind = "demande",
): Promise<DemandeDetail> {
  const formulaire = new URLSearchParams({ action, ...champs });
  return appelApi<DemandeDetail>(baseUrl, token, "POST", `/${kind}/${id}/action`, formulaire);
}

/** DEPOSER on request `id` (at its current version unless `version` is given). */
export async function deposer(
  baseUrl: string,
  token: string,
  id: string,
  version?: number,
): Promise<DemandeDetail> {
  const courante =
    version ?? (await appelApi<DemandeDetail>(baseUrl, token, "GET", `/demande/${id}`)).version;
  return agir(baseUrl, token, id, "DEPOSER", { version: String(courante) });
}

/** ANNULER_DEMANDE on request `id` with `commentaire`, confirmation ticked. */
export function annuler(
  baseUrl: string,
  token: string,
  id: string,
  commentaire = "Demande créée par erreur.",
): Promise<DemandeDetail> {
  return agir(baseUrl, token, id, "ANNULER_DEMANDE", { commentaire, confirmation: "on" });
}

/**
 * Cancels every active request of the applicant of `token` that may still
 * be cancelled, so that a scenario can create a new one.
 */
export async function annulerDemandesActives(baseUrl: string, token: string): Promise<void> {
  const demandes = await appelApi<DemandeDetail[]>(baseUrl, token, "GET", "/demandes/mes-demandes");
  for (const demande of demandes)
    if (demande.actionsDisponibles.some((disponible) => disponible.action === "ANNULER_DEMANDE"))
      await annuler(baseUrl, token, demande.id, "Nettoyage avant un scénario de test.");
}
