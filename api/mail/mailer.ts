/**
 * Mail delivery: nodemailer over SMTP_URL; without it, the embedded
 * default writes each mail as an .eml file under DATA_DIR/outbox and logs one
 * line with its links, so a newcomer can follow a confirmation link without a
 * mail server.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { MailMessage, Mailer } from "./types.ts";

/**
 * The links of a mail's text with every query value masked
 * (`…/confirmation?token=[masqué]`): enough to know which mail left, nothing
 * that lets someone follow it.
 */
export function liensMasques(text: string): string[] {
  return (text.match(/https?:\/\/\S+/g) ?? []).map((lien) =>
    lien.replace(/([?&][^=&#]*=)[^&#]*/g, "$1[masqué]").replace(/#.*/, ""),
  );
}

/**
 * `smtpUrl` set → SMTP transport (e.g. smtp://user:pass@host:587); unset →
 * outbox in `${dataDir}/outbox`. `from` is the sender of every mail.
 * `deploye` (server config): the outbox's log line masks the links' query
 * values too, as the SMTP transport always does; on a local portal it
 * keeps them whole, so that a newcomer can follow a link from the log.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
  deploye?: boolean;
}): Mailer {
  const { smtpUrl, from, dataDir, logger } = options;
  if (smtpUrl) {
    // Mails are sent while the request waits (account creation rolls back on
    // failure): an unreachable server must fail in seconds, not nodemailer's
    // default minutes. Parameters of the URL's query string still win.
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      async envoyer(message) {
        await transport.sendMail({ from, ...message });
        // The links' query values (a confirmation token…) never reach the log.
        logger.info(
          { subject: message.subject, liens: liensMasques(message.text) },
          "Courriel envoyé",
        );
      },
      async close() {
        transport.close();
      },
    };
  }
  const outbox = join(dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async envoyer(message: MailMessage) {
      const info = await transport.sendMail({ from, ...message });
      // Mails hold personal data and sign-in links: the portal's account only.
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      const file = join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      const liens = options.deploye
        ? liensMasques(message.text)
        : (message.text.match(/https?:\/\/\S+/g) ?? []);
      logger.info(
        { to: message.to, subject: message.subject, fichier: file, liens },
        "Courriel déposé dans la boîte d'envoi locale (SMTP_URL non défini)",
      );
    },
    async close() {},
  };
}
