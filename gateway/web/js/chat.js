// The chat: a list of messages and a line to write in (500 characters at most, as the
// protocol allows).
import { h } from "./dom.js";
import { t } from "./i18n.js";

export const CHAT_MAX = 500;

export class Chat {
  /** onSend(text) sends a message; colourOf(seat) gives a seat's colour for the name dot. */
  constructor({ onSend, colourOf }) {
    this.onSend = onSend;
    this.colourOf = colourOf;
    this.seen = new Set();
    this.messages = [];
    this.list = h("ol", { class: "chat-list", "data-testid": "chat-list" });
    this.input = h("input", {
      type: "text",
      maxlength: CHAT_MAX,
      autocomplete: "off",
      enterkeyhint: "send",
      "data-testid": "chat-input",
      "aria-label": t("chat.input"),
      placeholder: t("chat.placeholder"),
    });
    this.sendButton = h("button", { type: "submit", class: "primary", "data-testid": "chat-send" }, t("chat.send"));
    this.form = h(
      "form",
      {
        class: "chat-form",
        onsubmit: (e) => {
          e.preventDefault();
          const text = this.input.value.trim().slice(0, CHAT_MAX);
          if (!text) return;
          this.onSend(text);
          this.input.value = "";
        },
      },
      this.input,
      this.sendButton,
    );
    this.element = h("div", { class: "chat" }, this.list, this.form);
  }

  /** A chat frame from the server; the same message (by number) is shown once. */
  add(msg) {
    if (msg.number !== undefined && msg.number !== null) {
      if (this.seen.has(msg.number)) return false;
      this.seen.add(msg.number);
    }
    this.messages.push(msg);
    const colour = msg.seat >= 0 ? this.colourOf(msg.seat) : null;
    const at = Number(msg.at_ms);
    const time = at ? new Date(at) : null;
    this.list.append(
      h(
        "li",
        null,
        colour ? h("span", { class: "log-dot", style: { background: colour }, "aria-hidden": "true" }) : null,
        h("strong", null, msg.name || t("chat.spectator")),
        ": ",
        h("span", { class: "chat-text" }, msg.text),
        time ? h("time", { datetime: time.toISOString() }, ` ${time.toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" })}`) : null,
      ),
    );
    this.list.scrollTop = this.list.scrollHeight;
    return true;
  }

  retranslate() {
    this.input.setAttribute("aria-label", t("chat.input"));
    this.input.setAttribute("placeholder", t("chat.placeholder"));
    this.sendButton.textContent = t("chat.send");
  }
}
