// The hand-over card for pass-and-play: when one device holds several seats and the seat to
// move changes, a full-screen card hides the table until the next player taps it.
import { h } from "./dom.js";
import { t } from "./i18n.js";

/**
 * Show the card for `name`; `hide` is the element whose content must stay hidden (it is made
 * inert). `onReveal` runs when the player taps. Returns a function that removes the card.
 * @param {{ name: string, colour: string, ink: string, mark: string, hide?: HTMLElement | null, onReveal: () => void }} spec
 * @returns {() => void}
 */
export function showHandover({ name, colour, ink, mark, hide, onReveal }) {
  if (hide) {
    hide.inert = true;
    hide.setAttribute("aria-hidden", "true");
  }
  const reveal = h(
    "button",
    { type: "button", class: "primary big", "data-testid": "handover-reveal" },
    t("handover.reveal", { name }),
  );
  const card = h(
    "div",
    { class: "handover", role: "dialog", "aria-modal": "true", "aria-labelledby": "handover-title", "data-testid": "handover" },
    h(
      "div",
      { class: "handover-card" },
      h("span", { class: "handover-token", style: { background: colour, color: ink }, "aria-hidden": "true" }, mark),
      h("h2", { id: "handover-title" }, t("handover.title", { name })),
      h("p", null, t("handover.hint", { name })),
      reveal,
    ),
  );
  const remove = () => {
    card.remove();
    if (hide) {
      hide.inert = false;
      hide.removeAttribute("aria-hidden");
    }
  };
  reveal.addEventListener("click", () => {
    remove();
    onReveal();
  });
  document.body.append(card);
  reveal.focus();
  return remove;
}
