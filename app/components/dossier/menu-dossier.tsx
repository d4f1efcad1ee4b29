import type { ReactNode } from "react";

/** One entry of the file's side menu: the id of a section of the page and its label. */
export interface EntreeMenu {
  ancre: string;
  libelle: string;
  /** Shown after the label, e.g. an unread count badge. */
  complement?: ReactNode;
}

/**
 * The file page's side menu (DSFR sidemenu) of in-page anchors: plain links
 * always shown, without DSFR's collapse button, so it works without
 * JavaScript on every screen size.
 */
export function MenuDossier({ entrees }: { entrees: EntreeMenu[] }) {
  return (
    <nav className="fr-sidemenu fr-sidemenu--sticky" aria-labelledby="menu-dossier-titre">
      <div className="fr-sidemenu__inner">
        <p className="fr-sidemenu__title" id="menu-dossier-titre">
          Sommaire du dossier
        </p>
        <ul className="fr-sidemenu__list">
          {entrees.map(({ ancre, libelle, complement }) => (
            <li key={ancre} className="fr-sidemenu__item">
              <a className="fr-sidemenu__link" href={`#${ancre}`}>
                {libelle}
                {complement}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
