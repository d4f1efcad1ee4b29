import { useState } from "react";
import type { Toast } from "~/.server/context";
import { t } from "~/i18n";

/**
 * Notification stack (spec §2 "Layout", §3 "Notification"): the toast
 * flashed by the previous request as a DSFR alert, fixed top right, 500px
 * wide. The close control, titled "Masquer le message", is a link to the
 * alert itself: without JavaScript CSS `:target` hides it, with JavaScript
 * the alert is removed. A new toast (new id) shows again.
 */
export function Notifications({ toast }: { toast: Toast | null }) {
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!toast || dismissed === toast.id) return null;
  const id = `notification-${toast.id}`;
  return (
    <section className="portail-notifications" aria-label={t("layout.notifications")}>
      <div
        id={id}
        className={`fr-alert fr-alert--${toast.type} portail-notification`}
        role={toast.type === "error" || toast.type === "warning" ? "alert" : "status"}
      >
        <p className="fr-alert__title">{toast.titre}</p>
        {toast.description ? <p>{toast.description}</p> : null}
        <a
          className="fr-btn--close fr-btn"
          href={`#${id}`}
          title={t("layout.masquerMessage")}
          onClick={(event) => {
            event.preventDefault();
            setDismissed(toast.id);
          }}
        >
          {t("layout.masquerMessage")}
        </a>
      </div>
    </section>
  );
}
