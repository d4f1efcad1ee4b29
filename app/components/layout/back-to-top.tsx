import { useEffect, useState } from "react";
import { ID_EN_TETE } from "#contract/gabarit/textes";
import { t } from "~/i18n";

/** Id of the page header, target of "Haut de page" (DSFR pattern). */
export const TOP_ID = ID_EN_TETE;

/**
 * "Haut de page" link (spec §2 "Layout"). Without JavaScript it always sits
 * at the bottom of the page. With JavaScript it floats at the bottom right
 * and appears only once the top of the page has scrolled out of view
 * (IntersectionObserver on the header).
 */
export function BackToTop() {
  const [enhanced, setEnhanced] = useState(false);
  const [topVisible, setTopVisible] = useState(true);

  useEffect(() => {
    const top = document.getElementById(TOP_ID);
    if (!top || typeof IntersectionObserver === "undefined") return;
    // The observer reports once right away, then on every crossing.
    const observer = new IntersectionObserver(([entry]) => {
      setEnhanced(true);
      setTopVisible(entry.isIntersecting);
    });
    observer.observe(top);
    return () => observer.disconnect();
  }, []);

  if (enhanced && topVisible) return null;
  return (
    <div
      className={
        enhanced
          ? "portail-back-to-top portail-back-to-top--floating"
          : "portail-back-to-top fr-container"
      }
    >
      <a className="fr-link fr-icon-arrow-up-fill fr-link--icon-left" href={`#${TOP_ID}`}>
        {t("layout.hautDePage")}
      </a>
    </div>
  );
}
