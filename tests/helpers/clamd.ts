/**
 * A real clamd for the antivirus tests (ADR 0030): Debian's
 * clamav-daemon, started in the foreground on a TCP port of its own, with
 * a configuration in a temporary folder and the project's test signature
 * database (tests/fixtures/clamav: the EICAR test file only). Not installed:
 * the test fails and says what to install, it is never skipped.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** Where Debian's clamav-daemon puts the daemon. */
const CLAMD = "/usr/sbin/clamd";

/** The signature database the tests ship (tests/fixtures/clamav/eicar.hdb). */
export const BASE_SIGNATURES_TEST = resolve(import.meta.dirname, "../fixtures/clamav");

/** The EICAR test file (68 bytes): every antivirus reports it, it does nothing. */
export const EICAR = Buffer.from(
  "X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*",
  "ascii",
);

/** The name clamd gives the EICAR file with the test database. */
export const SIGNATURE_EICAR = "Eicar-Test-Signature.UNOFFICIAL";

export interface ClamdDeTest {
  port: number;
  /** Stops the daemon (SIGTERM) and waits for its end; the folder stays for a restart. */
  arreter(): Promise<void>;
  /** Stops it and deletes its folder. */
  fermer(): Promise<void>;
}

/** Whether clamd answers PONG to zPING on `port`. */
function repondPong(port: number): Promise<boolean> {
  return new Promise((resolvePromesse) => {
    const socket = connect({ host: "127.0.0.1", port });
    let recu = "";
    socket.setTimeout(1000);
    socket.on("connect", () => socket.write("zPING\0"));
    socket.on("data", (morceau) => (recu += morceau.toString()));
    socket.on("end", () => resolvePromesse(recu.startsWith("PONG")));
    socket.on("error", () => resolvePromesse(false));
    socket.on("timeout", () => {
      socket.destroy();
      resolvePromesse(false);
    });
  });
}

/** Resolves once `enfant` has exited. */
function fin(enfant: ChildProcess): Promise<void> {
  if (enfant.exitCode !== null || enfant.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromesse) => enfant.once("exit", () => resolvePromesse()));
}

/**
 * Starts clamd on 127.0.0.1:`port` with the test signatures and resolves
 * once it answers PONG (about 5 s: it loads its engine). Throws, telling to
 * install clamav-daemon, when the daemon is missing.
 */
export async function demarrerClamd(port: number): Promise<ClamdDeTest> {
  if (!existsSync(CLAMD))
    throw new Error(
      `clamd est introuvable (${CLAMD}) : installez clamav-daemon ` +
        "(apt-get install -y clamav-daemon, comme le fait .ci/run) pour lancer les tests de l'antivirus.",
    );
  const dossier = await mkdtemp(join(tmpdir(), "portail-mar-clamd-"));
  const configuration = join(dossier, "clamd.conf");
  await writeFile(
    configuration,
    [
      `DatabaseDirectory ${BASE_SIGNATURES_TEST}`,
      `TCPSocket ${port}`,
      "TCPAddr 127.0.0.1",
      "Foreground yes",
      `TemporaryDirectory ${dossier}`,
      `PidFile ${join(dossier, "clamd.pid")}`,
      // Root in CI containers: clamd would otherwise switch to the clamav user.
      ...(process.getuid?.() === 0 ? ["User root"] : []),
      "LogTime no",
      "",
    ].join("\n"),
  );
  let enfant: ChildProcess | undefined;
  let journal = "";

  async function lancer(): Promise<void> {
    const processus = spawn(CLAMD, ["-c", configuration], { stdio: ["ignore", "pipe", "pipe"] });
    enfant = processus;
    processus.stdout.on("data", (morceau: Buffer) => (journal += morceau.toString()));
    processus.stderr.on("data", (morceau: Buffer) => (journal += morceau.toString()));
    const sortie = fin(processus).then(() => "sorti" as const);
    // Polls PING until the engine is loaded; fails at once if clamd exits.
    for (let essai = 0; essai < 600; essai += 1) {
      const resultat = await Promise.race([
        sortie,
        new Promise<"attente">((suite) => setTimeout(() => suite("attente"), 100)),
      ]);
      if (resultat === "sorti")
        throw new Error(`clamd s'est arrêté au démarrage :\n${journal.slice(-2000)}`);
      if (await repondPong(port)) return;
    }
    processus.kill("SIGKILL");
    throw new Error(`clamd ne répond pas sur le port ${port} :\n${journal.slice(-2000)}`);
  }

  async function arreter(): Promise<void> {
    if (!enfant) return;
    const processus = enfant;
    enfant = undefined;
    processus.kill("SIGTERM");
    await fin(processus);
  }

  await lancer();
  return {
    port,
    arreter,
    async fermer() {
      await arreter();
      await rm(dossier, { recursive: true, force: true });
    },
  };
}
