/**
 * Mail delivery (issue 3): nodemailer over SMTP_URL; without it, the embedded
 * default writes each mail as an .eml file under DATA_DIR/outbox and logs one
 * line with its links, so a newcomer can follow a confirmation link without a
 * mail server.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "../../server/logger.ts";
import type { MailMessage, Mailer } from "./types.ts";

/**
 * `smtpUrl` set → SMTP transport (e.g. smtp://user:pass@host:587); unset →
 * outbox in `${dataDir}/outbox`. `from` is the sender of every mail.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
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
        logger.info({ subject: message.subject }, "Courriel envoyé");
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
      await mkdir(outbox, { recursive: true });
      const file = join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      const liens = message.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info(
        { to: message.to, subject: message.subject, fichier: file, liens },
        "Courriel déposé dans la boîte d'envoi locale (SMTP_URL non défini)",
      );
    },
    async close() {},
  };
}
