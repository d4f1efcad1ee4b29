/**
 * A deployed portal refuses the test conveniences (docs/securite.md): a
 * PUBLIC_URL whose host is not localhost, 127.0.0.1 or ::1 refuses to start
 * with the test clock, or without SMTP_URL unless MAIL_OUTBOX=true says the
 * outbox is meant; the outbox's log then masks the links' tokens. The
 * embedded start and the tests, on localhost, keep both.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createMailer } from "../../api/mail/mailer.ts";
import { loadConfig } from "../../server/config.ts";

const DATA_DIR = mkdtempSync(join(tmpdir(), "portail-mar-deploye-"));
const RACINE = join(import.meta.dirname, "../..");
const DEPLOYE = "https://agrement-mar.exemple.gouv.fr";

const HORLOGE_REFUSEE =
  "  HORLOGE_RECETTE: réservé à un portail local (PUBLIC_URL sur localhost ou 127.0.0.1) ; un portail déployé ne simule pas la date";
const SMTP_REQUIS =
  "  SMTP_URL: requis pour un portail déployé (PUBLIC_URL hors localhost) ; MAIL_OUTBOX=true garde les courriels dans DATA_DIR/outbox, jamais en production";

const charger = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: "production", DATA_DIR, SESSION_SECRET: "x".repeat(32), ...env });

describe("portail déployé", () => {
  it("refuse l'horloge de recette, même avec un serveur de courriel", () => {
    expect(() =>
      charger({ PUBLIC_URL: DEPLOYE, SMTP_URL: "smtp://smtp:587", HORLOGE_RECETTE: "true" }),
    ).toThrow(`Configuration invalide :\n${HORLOGE_REFUSEE}`);
  });

  it("refuse la boîte d'envoi locale sans MAIL_OUTBOX=true, et dit les deux refus ensemble", () => {
    expect(() => charger({ PUBLIC_URL: DEPLOYE })).toThrow(
      `Configuration invalide :\n${SMTP_REQUIS}`,
    );
    expect(() => charger({ PUBLIC_URL: DEPLOYE, HORLOGE_RECETTE: "true" })).toThrow(
      `Configuration invalide :\n${HORLOGE_REFUSEE}\n${SMTP_REQUIS}`,
    );
    const voulu = charger({ PUBLIC_URL: DEPLOYE, MAIL_OUTBOX: "true" });
    expect(voulu.deploye).toBe(true);
    expect(voulu.smtpUrl).toBeUndefined();
  });

  it("garde les commodités sur localhost, 127.0.0.1 et ::1", () => {
    for (const PUBLIC_URL of [
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
      "http://LOCALHOST:3000",
    ]) {
      const config = charger({ PUBLIC_URL, HORLOGE_RECETTE: "true" });
      expect(config.deploye).toBe(false);
      expect(config.horlogeRecette).toBe(true);
    }
    expect(charger({}).deploye).toBe(false);
  });

  it("le processus s'arrête avec le message en français, sans trace de pile", () => {
    const resultat = spawnSync(process.execPath, ["--import", "tsx", "server.ts"], {
      cwd: RACINE,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        DATA_DIR: mkdtempSync(join(tmpdir(), "portail-mar-deploye-processus-")),
        PUBLIC_URL: DEPLOYE,
        HORLOGE_RECETTE: "true",
      },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(resultat.status).toBe(1);
    expect(resultat.stderr).toContain(
      `Configuration invalide :\n${HORLOGE_REFUSEE}\n${SMTP_REQUIS}`,
    );
    expect(resultat.stderr).not.toMatch(/\n\s+at /);
  });

  it("la boîte d'envoi d'un portail déployé ne journalise aucun jeton", async () => {
    const lignes: Record<string, unknown>[] = [];
    const logger = pino(
      { level: "info" },
      { write: (ligne: string) => lignes.push(JSON.parse(ligne)) },
    );
    const texte =
      "Suivez ce lien : http://localhost:3000/account/confirmation-email?token=secret-123";
    for (const deploye of [true, false])
      await createMailer({
        smtpUrl: undefined,
        from: "portail@exemple.fr",
        dataDir: mkdtempSync(join(tmpdir(), "portail-mar-boite-")),
        logger,
        deploye,
      }).envoyer({ to: "a@exemple.fr", subject: "Lien", text: texte, html: `<p>${texte}</p>` });
    expect(lignes.map((ligne) => ligne.liens)).toEqual([
      ["http://localhost:3000/account/confirmation-email?token=[masqué]"],
      ["http://localhost:3000/account/confirmation-email?token=secret-123"],
    ]);
  });
});
