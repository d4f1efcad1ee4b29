import { t } from "~/i18n";

/**
 * Spec §5 "required fields carry a star". Hidden from assistive
 * technologies, which announce the control's `required` instead.
 */
export function RequiredStar() {
  return (
    <span className="portail-required" aria-hidden="true">
      {" "}
      *
    </span>
  );
}

/** The sentence that explains the star, shown once at the top of each form. */
export function RequiredFieldsNotice({ className }: { className?: string }) {
  return (
    <p className={["fr-text--sm", className].filter(Boolean).join(" ")}>
      {t("formulaire.champsObligatoires")}
    </p>
  );
}
