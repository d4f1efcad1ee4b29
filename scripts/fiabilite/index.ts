/**
 * `npm run fiabilite` (docs/fiabilite.md): what the
 * portal survives, measured on this machine.
 *
 * 1. PostgreSQL restarted while clients write (scripts/fiabilite/panne-base.ts);
 * 2. the portal killed with SIGKILL in the middle of a 10 MB upload
 *    (coupure-envoi.ts);
 * 3. two browsers acting on the same file at once, for each row of the
 *    transition table two actors may take (courses.ts).
 *
 * Each scenario runs the built portal (`npm run build` under
 * `flock /tmp/e2e.lock` first, unless `--sans-construction`) as production
 * does, on a database of a throwaway PostgreSQL cluster of its own (never
 * the shared server of 127.0.0.1:5432), then writes its figures between the
 * markers of docs/fiabilite.md. Then, when scripts/fiabilite/fuzz.ts exists
 * (the malformed requests of item 4), it runs as a child process.
 *
 * Options: `--sans-construction` (use build/ as it is), `--scenarios
 * panne,coupure,courses` (default: all three), `--sans-fuzz`. Exit code 1
 * when a check fails, else the fuzzer's own.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { cpus, release, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import * as prettier from "prettier";
import { coupureEnvoi, type ResultatCoupureEnvoi } from "./coupure-envoi.ts";
import { coursesDeNavigateurs, type ResultatCourse } from "./courses.ts";
import { creerCluster, lancerPortail, poolDe, portLibre, RACINE, supprimer } from "./outils.ts";
import { panneBase, type ResultatPanneBase } from "./panne-base.ts";

const FICHIER_RAPPORT = join(RACINE, "docs/fiabilite.md");
const DEBUT_CHIFFRES = "<!-- fiabilite:pannes:debut -->";
const FIN_CHIFFRES = "<!-- fiabilite:pannes:fin -->";
const FUZZ = join(RACINE, "scripts/fiabilite/fuzz.ts");

/** Runs `commande` with the terminal's output; resolves with its exit code. */
function lancer(commande: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const enfant = spawn(commande, args, { cwd: RACINE, stdio: "inherit" });
    enfant.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** The figures of a run, as the Markdown between the markers of docs/fiabilite.md. */
function chiffres(resultats: {
  panne?: ResultatPanneBase;
  coupure?: ResultatCoupureEnvoi;
  courses?: ResultatCourse[];
  dureeS: number;
}): string {
  const versionPg =
    spawnSync("/usr/lib/postgresql/15/bin/postgres", ["--version"], {
      encoding: "utf8",
    }).stdout?.trim() ?? "?";
  const lignes = [
    `Passage du ${new Date().toISOString().slice(0, 16).replace("T", " à ")} UTC, ${resultats.dureeS} s en tout ; ` +
      `machine : ${cpus().length} cœurs ${cpus()[0]?.model.trim() ?? ""}, ${Math.round(totalmem() / 2 ** 30)} Go, ` +
      `Linux ${release()}, Node ${process.version}, ${versionPg}, portail construit (\`NODE_ENV=production\`, ` +
      "mode grappe par défaut).",
    "",
  ];
  const p = resultats.panne;
  if (p) {
    lignes.push(
      "### 1. PostgreSQL redémarré pendant les écritures",
      "",
      "| Mesure | Valeur |",
      "| --- | --- |",
      `| Durée des écritures | ${p.dureeMs / 1000} s |`,
      `| Requêtes (pages et API) | ${p.requetes} |`,
      `| Réponses 2xx/3xx | ${p.succes} |`,
      `| Écritures acquittées (2xx) | ${p.ecrituresAcquittees} (${Object.entries(p.ecrituresParType)
        .map(([type, n]) => `${type} ${n}`)
        .join(", ")}) |`,
      `| **Écritures perdues** | **${p.ecrituresPerdues.length}** |`,
      `| Réponses 503 | ${p.reponses503}, dont sans \`Retry-After\` ou sans le texte français : ${p.reponses503NonConformes} |`,
      `| Autres réponses 5xx | ${p.autres5xx.length} |`,
      `| Requêtes sans réponse | ${p.sansReponse} |`,
      `| Portail toujours le même processus, et répond après | ${p.portailToujoursLa && p.repriseSansRedemarrage ? "oui" : "NON"} |`,
      "",
      "| Coupure | Durée de la commande | 503 reçues | De la première à la dernière 503 reçue | Premier 2xx après la dernière 503, depuis le début de la commande |",
      "| --- | --- | --- | --- | --- |",
      ...p.coupures.map(
        (c) =>
          `| ${c.nature} (à ${(c.debut / 1000).toFixed(1)} s) | ${(c.dureeCommande / 1000).toFixed(2)} s | ${c.reponses503} | ` +
          `${(c.fenetre503 / 1000).toFixed(2)} s | ${c.retourApres === null ? "—" : `${(c.retourApres / 1000).toFixed(2)} s`} |`,
      ),
      "",
    );
    lignes.push(
      "Réponses seconde par seconde (`+` : 2xx/3xx, `x` : 503 ; un signe pour deux réponses) :",
      "",
      "```text",
      ...p.chronologie.map((s, index) =>
        `${String(index).padStart(2)} s  ${"+".repeat(Math.ceil(s.succes / 2)).padEnd(40)} ${"x".repeat(Math.ceil(s.indisponibles / 2))}`.trimEnd(),
      ),
      "```",
      "",
    );
    if (p.ecrituresPerdues.length)
      lignes.push("Écritures perdues :", "", ...p.ecrituresPerdues.map((e) => `- ${e}`), "");
    if (p.autres5xx.length)
      lignes.push(
        "Autres 5xx :",
        "",
        ...p.autres5xx.slice(0, 20).map((e) => `- ${e.statut} ${e.chemin}`),
        "",
      );
  }
  const c = resultats.coupure;
  if (c)
    lignes.push(
      "### 2. Portail tué (SIGKILL) au milieu d'un envoi de 10 Mo",
      "",
      "| Mesure | Valeur |",
      "| --- | --- |",
      `| Envoi | ${c.tailleEnvoi} octets, tué après ${c.octetsEnvoyes} octets envoyés |`,
      `| Fichiers temporaires laissés par la coupure | ${c.temporairesApresCoupure} (${c.octetsTemporaires} octets) |`,
      `| **Fichiers partiels sous une clé** | **${c.fichiersPartiels}** |`,
      `| **Lignes de pièce jointe créées par l'envoi coupé** | **${c.lignesApresCoupure}** |`,
      `| **Lignes pointant vers un fichier absent** | **${c.lignesSansFichier}** |`,
      `| **Fichiers temporaires après le redémarrage** | **${c.temporairesApresRedemarrage}** |`,
      `| Même envoi accepté après le redémarrage | ${c.renvoiAccepte ? "oui (201, fichier entier sous son empreinte)" : "NON"} |`,
      `| Redémarrage du portail | ${(c.dureeRedemarrageMs / 1000).toFixed(1)} s |`,
      "",
    );
  const r = resultats.courses;
  if (r)
    lignes.push(
      "### 3. Deux navigateurs sur le même dossier",
      "",
      `${r.filter((course) => course.ok).length} courses sur ${r.length} conformes (un gagnant, un conflit, une ligne d'historique).`,
      "",
      "| État de départ | Action(s) | Acteurs | Voie | Issues | Lignes d'historique | Doublons | Conforme |",
      "| --- | --- | --- | --- | --- | --- | --- | --- |",
      ...r.map(
        (course) =>
          `| ${course.etat} | ${course.actions} | ${course.acteurs} | ${course.voie} | ${course.issues.join(" / ")} | ` +
          `${course.lignesHistorique} | ${course.doublons} | ${course.ok ? "oui" : "NON"} |`,
      ),
      "",
    );
  return lignes.join("\n");
}

/** Puts `contenu` between the markers of docs/fiabilite.md (appended when they are missing). */
async function ecrireRapport(contenu: string): Promise<void> {
  const actuel = existsSync(FICHIER_RAPPORT)
    ? await readFile(FICHIER_RAPPORT, "utf8")
    : "# Fiabilité\n";
  const debut = actuel.indexOf(DEBUT_CHIFFRES);
  const fin = actuel.indexOf(FIN_CHIFFRES);
  const bloc = `${DEBUT_CHIFFRES}\n\n${contenu}\n${FIN_CHIFFRES}`;
  const nouveau =
    debut !== -1 && fin > debut
      ? `${actuel.slice(0, debut)}${bloc}${actuel.slice(fin + FIN_CHIFFRES.length)}`
      : `${actuel.trimEnd()}\n\n${bloc}\n`;
  // Formatted as `npm run lint` wants it (tables aligned).
  const options = (await prettier.resolveConfig(FICHIER_RAPPORT)) ?? {};
  await writeFile(
    FICHIER_RAPPORT,
    await prettier.format(nouveau, { ...options, filepath: FICHIER_RAPPORT }),
  );
}

async function principal(): Promise<number> {
  const { values } = parseArgs({
    options: {
      "sans-construction": { type: "boolean", default: false },
      "sans-fuzz": { type: "boolean", default: false },
      scenarios: { type: "string", default: "panne,coupure,courses" },
    },
  });
  const scenarios = new Set(values.scenarios.split(","));
  const debut = Date.now();
  if (!values["sans-construction"]) {
    console.log("Construction du portail (sous /tmp/e2e.lock)…");
    const code = await lancer("flock", [
      "/tmp/e2e.lock",
      "sh",
      "-c",
      "npm run build --silent > /tmp/fiabilite-construction.log 2>&1 || (cat /tmp/fiabilite-construction.log; exit 1)",
    ]);
    if (code !== 0) return code;
  }

  const connus = ["panne", "coupure", "courses"].filter((nom) => scenarios.has(nom));
  if (connus.length === 0) return lancerFuzz(values["sans-fuzz"], 0);
  const cluster = await creerCluster(55433);
  console.log(`Cluster PostgreSQL jetable sur 127.0.0.1:${cluster.port} (${cluster.dossier})`);
  const dossiers: string[] = [];
  const dossierDonnees = async () => {
    const dossier = await mkdtemp(join(tmpdir(), "fiabilite-donnees-"));
    dossiers.push(dossier);
    return dossier;
  };
  const resultats: Parameters<typeof chiffres>[0] = { dureeS: 0 };
  let echec = false;
  let termine = false;
  try {
    if (scenarios.has("panne")) {
      console.log("1. PostgreSQL redémarré pendant 30 s d'écritures…");
      const url = await cluster.creerBase("panne");
      const dataDir = await dossierDonnees();
      const pool = poolDe(url);
      const portail = await lancerPortail({
        databaseUrl: url,
        dataDir,
        journal: join(dataDir, "portail.log"),
      });
      try {
        resultats.panne = await panneBase(cluster, portail, pool);
      } finally {
        await portail.arreter();
        await pool.end();
      }
      const p = resultats.panne;
      echec ||=
        p.ecrituresPerdues.length > 0 ||
        p.autres5xx.length > 0 ||
        p.reponses503NonConformes > 0 ||
        p.sansReponse > 0 ||
        !p.repriseSansRedemarrage;
      console.log(
        `   ${p.ecrituresAcquittees} écritures acquittées, ${p.ecrituresPerdues.length} perdues, ` +
          `${p.reponses503} réponses 503, ${p.autres5xx.length} autres 5xx`,
      );
    }
    if (scenarios.has("coupure")) {
      console.log("2. Portail tué au milieu d'un envoi de 10 Mo…");
      const url = await cluster.creerBase("coupure");
      const dataDir = await dossierDonnees();
      const pool = poolDe(url);
      // The same address both times: the tokens name it (issuer, audience).
      const port = await portLibre();
      try {
        resultats.coupure = await coupureEnvoi(
          () =>
            lancerPortail({
              databaseUrl: url,
              dataDir,
              port,
              journal: join(dataDir, "portail.log"),
            }),
          pool,
        );
      } finally {
        await pool.end();
      }
      const c = resultats.coupure;
      echec ||=
        c.fichiersPartiels > 0 ||
        c.lignesApresCoupure > 0 ||
        c.lignesSansFichier > 0 ||
        c.temporairesApresRedemarrage !== 0 ||
        !c.renvoiAccepte;
      console.log(
        `   ${c.temporairesApresCoupure} temporaire(s) après la coupure, ${c.temporairesApresRedemarrage} après le redémarrage, ` +
          `${c.lignesSansFichier} ligne(s) sans fichier`,
      );
    }
    if (scenarios.has("courses")) {
      console.log("3. Deux navigateurs sur le même dossier…");
      const url = await cluster.creerBase("courses");
      const dataDir = await dossierDonnees();
      const pool = poolDe(url);
      const portail = await lancerPortail({
        databaseUrl: url,
        dataDir,
        journal: join(dataDir, "portail.log"),
      });
      try {
        resultats.courses = await coursesDeNavigateurs(portail, pool);
      } finally {
        await portail.arreter();
        await pool.end();
      }
      const mauvaises = resultats.courses.filter((course) => !course.ok);
      echec ||= mauvaises.length > 0;
      console.log(
        `   ${resultats.courses.length - mauvaises.length}/${resultats.courses.length} courses conformes`,
      );
      for (const course of mauvaises) console.log(`   NON CONFORME : ${JSON.stringify(course)}`);
    }
    termine = true;
  } finally {
    await cluster.detruire();
    if (termine && !echec) for (const dossier of dossiers) await supprimer(dossier);
    else console.log(`Journaux des portails gardés dans : ${dossiers.join(", ")}`);
  }
  resultats.dureeS = Math.round((Date.now() - debut) / 1000);
  await ecrireRapport(chiffres(resultats));
  console.log(
    `Chiffres écrits dans docs/fiabilite.md (${resultats.dureeS} s) : ${echec ? "ÉCHEC" : "tout est conforme"}`,
  );

  return lancerFuzz(values["sans-fuzz"], echec ? 1 : 0);
}

/**
 * Runs scripts/fiabilite/fuzz.ts when it exists and was
 * not turned off; returns `code` when it is not 0, else the fuzzer's.
 */
async function lancerFuzz(sansFuzz: boolean, code: number): Promise<number> {
  if (sansFuzz || !existsSync(FUZZ)) return code;
  console.log("Requêtes malformées (scripts/fiabilite/fuzz.ts)…");
  const codeFuzz = await lancer(join(RACINE, "node_modules/.bin/tsx"), [FUZZ]);
  return code !== 0 ? code : codeFuzz;
}

process.exit(await principal());
