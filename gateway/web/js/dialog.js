// Modal dialogs on the native <dialog> element: focus stays inside, Escape closes.
import { h } from "./dom.js";
import { t } from "./i18n.js";

/**
 * Open a dialog. `content` is a node (or array of nodes). Returns {dialog, body, close}.
 * The dialog removes itself when closed; `onClose` runs then.
 * @param {{ title: import("./types.js").Child, content: import("./types.js").Child, testid?: string, className?: string, onClose?: () => void }} spec
 * @returns {{ dialog: HTMLDialogElement, body: HTMLElement, close: () => void }}
 */
export function openDialog({ title, content, testid, className, onClose }) {
  const body = h("div", { class: "dialog-body" }, content);
  const titleId = `dlg-${Math.random().toString(36).slice(2, 8)}`;
  const closeButton = h(
    "button",
    { type: "button", class: "icon-button", "aria-label": t("ui.close"), "data-testid": testid ? `${testid}-close` : "dialog-close" },
    "✕",
  );
  const dialog = h(
    "dialog",
    { class: ["dialog", className], "aria-labelledby": titleId, "data-testid": testid },
    h("header", { class: "dialog-head" }, h("h2", { id: titleId }, title), closeButton),
    body,
  );
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    if (dialog.open) dialog.close();
    dialog.remove();
    if (onClose) onClose();
  };
  closeButton.addEventListener("click", close);
  dialog.addEventListener("close", close);
  // A tap on the backdrop (outside the box) closes too.
  dialog.addEventListener("click", (e) => {
    if (e.target === dialog) close();
  });
  document.body.append(dialog);
  if (typeof dialog.showModal === "function") dialog.showModal();
  else dialog.setAttribute("open", "");
  return { dialog, body, close };
}

/**
 * Ask a yes/no question; resolves true when confirmed.
 * @param {{ title: string, text: string, ok: string, testid?: string }} spec
 * @returns {Promise<boolean>}
 */
export function confirmDialog({ title, text, ok, testid = "confirm-dialog" }) {
  return new Promise((resolve) => {
    let answer = false;
    const okButton = h("button", { type: "button", class: "primary", "data-testid": `${testid}-ok` }, ok);
    const cancel = h("button", { type: "button", "data-testid": `${testid}-cancel` }, t("ui.cancel"));
    const handle = openDialog({
      title,
      testid,
      content: [h("p", null, text), h("div", { class: "button-row" }, okButton, cancel)],
      onClose: () => resolve(answer),
    });
    okButton.addEventListener("click", () => {
      answer = true;
      handle.close();
    });
    cancel.addEventListener("click", () => handle.close());
    cancel.focus();
  });
}
