// The account on the player's page: secure the player with a passkey, recovery codes (shown
// once, with a copy button), passkeys and signed-in devices with revoke, bot tokens, sign out
// and delete. And signing in with a passkey or a recovery code, for the start page and a
// browser that has no player yet.
import * as api from "./api.js";
import { confirmDialog } from "./dialog.js";
import { copyText, h, replace } from "./dom.js";
import { currentLanguage, formatNumber, t } from "./i18n.js";
import * as passkeys from "./passkeys.js";
import * as store from "./store.js";

/** @param {string | number} ms */
function when(ms) {
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(Number(ms)));
}

/** A refusal or a closed passkey dialog, in words.
 * @param {any} error */
function failure(error) {
  if (error && (error.name === "NotAllowedError" || error.name === "AbortError")) return t("account.cancelled");
  if (error && error.code) return t(`refusal.${error.code}`);
  return t("account.unsupported");
}

/**
 * This browser becomes the player of an answer to a sign-in ({player, token}).
 * @param {any} signed
 */
function keep(signed) {
  store.savePlayer({ id: signed.player.id, token: signed.token });
  store.saveNickname(signed.player.nickname);
}

/**
 * Sign this browser in with a passkey: the player's token kept on success.
 * @returns {Promise<void>} rejects with a refusal or the browser's error
 */
export async function signInWithPasskey() {
  const saved = store.player();
  const credential = await passkeys.usePasskey(await api.signInOptions());
  if (!credential) throw new api.Refusal("bad_passkey");
  keep(await api.signIn(credential, (saved && saved.token) || ""));
}

/**
 * The "Sign in with a passkey" button, with its note; `done` runs once signed in.
 * @param {string} testid
 * @param {() => void} done
 * @returns {HTMLElement}
 */
export function passkeySignInButton(testid, done) {
  const note = h("p", { class: "hint", role: "status", "data-testid": `${testid}-note` });
  const button = h(
    "button",
    {
      type: "button",
      "data-testid": testid,
      onclick: async () => {
        note.textContent = "";
        try {
          await signInWithPasskey();
          done();
        } catch (error) {
          note.textContent = failure(error);
        }
      },
    },
    t("account.sign_in"),
  );
  return h("div", { class: "passkey-sign-in" }, passkeys.supported() ? button : null, note);
}

/**
 * A form that signs this browser in with a recovery code.
 * @param {() => void} done
 * @returns {HTMLElement}
 */
export function recoveryForm(done) {
  const input = h("input", { id: "me-recovery-code", "data-testid": "me-recovery-code", autocomplete: "off", maxlength: 16, autocapitalize: "characters" });
  const note = h("p", { class: "hint", role: "status", "data-testid": "me-recovery-note" });
  return h(
    "form",
    {
      class: "me-claim",
      onsubmit: async (e) => {
        e.preventDefault();
        const saved = store.player();
        try {
          keep(await api.recover(input.value, (saved && saved.token) || ""));
          done();
        } catch (error) {
          note.textContent = failure(error);
        }
      },
    },
    h("div", { class: "field" }, h("label", { for: "me-recovery-code" }, t("account.recovery_label")), input),
    h("button", { type: "submit", "data-testid": "me-recovery-button" }, t("account.recover")),
    note,
  );
}

/** @param {string[]} codes */
function codesBox(codes) {
  const copied = h("span", { class: "hint", role: "status", "data-testid": "me-codes-copied" });
  return h(
    "div",
    { class: "me-codes", "data-testid": "me-recovery-box" },
    h("h3", null, t("account.codes_title")),
    h("p", { class: "hint" }, t("account.codes_lead")),
    h("ul", { class: "me-code-list", "data-testid": "me-recovery-codes" }, codes.map((code) => h("li", null, code))),
    h(
      "button",
      {
        type: "button",
        "data-testid": "me-copy-codes",
        onclick: async () => {
          copied.textContent = (await copyText(codes.join("\n"))) ? t("account.copied") : "";
        },
      },
      t("account.copy_codes"),
    ),
    " ",
    copied,
  );
}

/**
 * A list of rows with a revoke button each.
 * @param {string} testid
 * @param {any[]} rows
 * @param {(row: any) => import("./types.js").Child} describe
 * @param {(row: any) => string} label the revoke button's label for a screen reader
 * @param {(row: any) => Promise<void>} revoke
 */
function revocableList(testid, rows, describe, label, revoke) {
  return h(
    "ul",
    { class: "me-rules", "data-testid": testid },
    rows.map((row) =>
      h(
        "li",
        { "data-testid": `${testid}-${row.id}` },
        h("span", null, describe(row)),
        h("button", { type: "button", "data-testid": `${testid}-revoke-${row.id}`, "aria-label": label(row), onclick: () => revoke(row) }, t("account.revoke")),
      ),
    ),
  );
}

/**
 * The account section of the player's page, drawn into its own slot and redrawn there.
 * @param {string} token
 * @param {string} nickname
 * @param {import("./types.js").Nav} nav
 * @param {() => void} onSecured runs when the first passkey made the player an account
 * @returns {HTMLElement}
 */
export function accountSection(token, nickname, nav, onSecured) {
  const slot = h("div", { "data-testid": "me-account-body", "aria-live": "polite" });
  const note = h("p", { class: "hint", role: "status", "data-testid": "me-account-note" });
  // Recovery codes are shown once: they stay on the page, through its redraws, until it is left.
  /** @type {string[]} */
  let shownCodes = [];
  /** @param {string[]} [fresh] new codes to show */
  const draw = async (fresh = []) => {
    if (fresh.length) shownCodes = fresh;
    note.textContent = "";
    /** @param {() => Promise<any>} action */
    const act = async (action) => {
      try {
        await action();
      } catch (error) {
        note.textContent = failure(error);
      }
    };
    const addPasskey = (/** @type {number} */ count) =>
      act(async () => {
        const credential = await passkeys.createPasskey(await api.passkeyOptions(token));
        if (!credential) return;
        const made = await api.addPasskey(token, credential, t("account.passkey_named", { n: count + 1 }));
        if (count === 0) onSecured();
        await draw(made.recovery_codes || []);
      });
    const account = await api.myAccount(token);
    if (!account.account) {
      replace(
        slot,
        h("p", null, t("account.lead_guest")),
        passkeys.supported()
          ? h("button", { type: "button", class: "primary", "data-testid": "me-secure", onclick: () => addPasskey(0) }, t("account.secure"))
          : h("p", { class: "hint" }, t("account.unsupported")),
      );
      return;
    }
    const [keys, devices, bots] = await Promise.all([api.passkeys(token), api.devices(token), api.botTokens(token)]);
    const botShown = h("p", { class: "me-code", "data-testid": "me-bot-shown", "aria-live": "polite" });
    const botName = h("input", { id: "me-bot-name", "data-testid": "me-bot-name", maxlength: 40, autocomplete: "off" });
    replace(
      slot,
      shownCodes.length ? codesBox(shownCodes) : null,
      h("p", { "data-testid": "me-account-since" }, t("account.secured", { date: when(account.account_ms) })),
      h("h3", null, t("account.passkeys_title")),
      revocableList(
        "me-passkeys",
        keys,
        (k) => `${k.name} · ${t("account.created", { date: when(k.created_ms) })} · ${t("account.last_used", { date: when(k.last_used_ms) })}`,
        (k) => t("account.revoke_passkey_label", { name: k.name }),
        (k) => act(async () => (await api.deletePasskey(token, k.id), draw())),
      ),
      passkeys.supported() ? h("button", { type: "button", "data-testid": "me-add-passkey", onclick: () => addPasskey(keys.length) }, t("account.add_passkey")) : null,
      h("h3", null, t("account.devices_title")),
      revocableList(
        "me-devices",
        devices,
        (d) => [d.label || t("account.earlier_device"), d.current ? ` (${t("account.this_device")})` : "", ` · ${t("account.last_used", { date: when(d.last_used_ms) })}`].join(""),
        (d) => t("account.revoke_device_label", { name: d.label || t("account.earlier_device") }),
        (d) =>
          act(async () => {
            await api.revokeDevice(token, d.id);
            if (d.current) signedOut(nav);
            else await draw();
          }),
      ),
      h("h3", null, t("account.codes_title")),
      h("p", { "data-testid": "me-codes-left" }, t("account.codes_left", { count: formatNumber(account.recovery_codes_left) })),
      h(
        "button",
        {
          type: "button",
          "data-testid": "me-new-codes",
          onclick: () =>
            act(async () => {
              const ok = await confirmDialog({ title: t("account.new_codes"), text: t("account.new_codes_confirm"), ok: t("account.new_codes"), testid: "me-codes-dialog" });
              if (ok) await draw(await api.newRecoveryCodes(token));
            }),
        },
        t("account.new_codes"),
      ),
      h("h3", null, t("account.bots_title")),
      h("p", { class: "hint" }, t("account.bots_lead")),
      bots.length
        ? revocableList(
            "me-bots",
            bots,
            (b) => `${b.name} · ${t("account.created", { date: when(b.created_ms) })}`,
            (b) => t("account.revoke_bot_label", { name: b.name }),
            (b) => act(async () => (await api.revokeBotToken(token, b.id), draw())),
          )
        : h("p", { class: "hint" }, t("account.no_bots")),
      h(
        "form",
        {
          class: "me-claim",
          onsubmit: (/** @type {Event} */ e) => {
            e.preventDefault();
            act(async () => {
              const made = await api.createBotToken(token, botName.value);
              await draw();
              const shown = slot.querySelector("[data-testid=me-bot-shown]");
              if (shown) replace(shown, t("account.bot_shown_once"), " ", h("strong", { "data-testid": "me-bot-token" }, made.token));
            });
          },
        },
        h("div", { class: "field" }, h("label", { for: "me-bot-name" }, t("account.bot_name")), botName),
        h("button", { type: "submit", "data-testid": "me-make-bot" }, t("account.make_bot")),
      ),
      botShown,
      h(
        "div",
        { class: "button-row" },
        h(
          "button",
          {
            type: "button",
            "data-testid": "me-sign-out",
            onclick: () =>
              act(async () => {
                await api.signOut(token);
                signedOut(nav);
              }),
          },
          t("account.sign_out"),
        ),
        h(
          "button",
          {
            type: "button",
            class: "danger",
            "data-testid": "me-delete-account",
            onclick: () =>
              act(async () => {
                const ok = await confirmDialog({ title: t("account.delete_title", { name: nickname }), text: t("account.delete_text"), ok: t("account.delete_ok"), testid: "me-delete-dialog" });
                if (!ok) return;
                await api.deleteAccount(token);
                signedOut(nav);
              }),
          },
          t("account.delete"),
        ),
      ),
    );
  };
  draw().catch((error) => {
    note.textContent = failure(error);
  });
  return h("section", { class: "panel", "aria-labelledby": "me-account-title", "data-testid": "me-account" }, h("h2", { id: "me-account-title" }, t("account.title")), slot, note);
}

/** This browser forgets its player and starts over as a fresh guest page.
 * @param {import("./types.js").Nav} nav */
function signedOut(nav) {
  store.forgetPlayer();
  nav.go("/");
}
