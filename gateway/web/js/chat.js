// The chat: a list of messages and a line to write in (500 characters at most, as the
// protocol allows). A game's view may name chat channels (`view.chat = {post, read, why}`):
// with any but the room's to write in, a channel selector shows; with none, the line is
// disabled and says why ("dead": you are dead and watching; "night": silence at night).
import { h } from "./dom.js";
import { t } from "./i18n.js";

export const CHAT_MAX = 500;

export class Chat {
  /** onSend(text) sends a message; colourOf(seat) gives a seat's colour for the name dot. */
  constructor({ onSend, colourOf }) {
    this.onSend = onSend;
    this.rights = null; // the view's chat channels; null: the room's chat only
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
          if (!text || this.input.disabled) return;
          this.onSend(text, this.channel());
          this.input.value = "";
        },
      },
      this.input,
      this.sendButton,
    );
    this.channelSelect = h("select", {
      class: "chat-channel",
      "data-testid": "chat-channel",
      "aria-label": t("chat.channel"),
      hidden: true,
    });
    this.notice = h("p", { class: "chat-notice hint", "data-testid": "chat-notice", hidden: true });
    this.form.prepend(this.channelSelect);
    this.element = h("div", { class: "chat" }, this.list, this.notice, this.form);
  }

  /** The channel a line is written to now ("room" without a selector). */
  channel() {
    return this.channelSelect.hidden ? "room" : this.channelSelect.value || "room";
  }

  /** The current view's chat rights (`view.chat`, or undefined: the room's chat only). */
  setRights(chat) {
    const rights = chat && Array.isArray(chat.post) ? chat : null;
    const key = JSON.stringify(rights);
    if (key === this.rightsKey) return;
    this.rightsKey = key;
    this.rights = rights;
    this.applyRights();
  }

  applyRights() {
    const post = this.rights ? this.rights.post : ["room"];
    const offered = post.some((c) => c !== "room");
    const keep = this.channelSelect.value;
    this.channelSelect.replaceChildren(...post.map((c) => h("option", { value: c, selected: c === keep }, channelName(c))));
    this.channelSelect.hidden = !offered;
    const closed = post.length === 0;
    this.input.disabled = closed;
    this.sendButton.disabled = closed;
    this.notice.hidden = !closed;
    this.notice.textContent = closed ? t(`chat.closed.${this.rights.why || "other"}`) : "";
    this.element.classList.toggle("closed", closed);
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
        msg.channel && msg.channel !== "room" ? h("span", { class: "chat-tag" }, `${channelName(msg.channel)} · `) : null,
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
    this.channelSelect.setAttribute("aria-label", t("chat.channel"));
    this.applyRights();
  }
}

/**
 * A channel's name: "room", "pack", "team:0" (team 1), ...
 * @param {string} channel
 * @returns {string}
 */
export function channelName(channel) {
  const team = /^team:(\d+)$/.exec(channel);
  if (team) return t("chat.channel.team", { n: Number(team[1]) + 1 });
  return t(`chat.channel.${channel}`);
}
