// Tiny DOM helpers: build elements declaratively, without a framework.

/**
 * h("button", {class: "primary", onclick: fn, "data-testid": "x"}, "Text", child...)
 * Attributes starting with "on" become listeners; `false`/`null` attributes are skipped;
 * children may be strings, nodes, arrays or null.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {import("./types.js").Attrs | null} [attrs]
 * @param {...import("./types.js").Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  applyAttrs(el, attrs);
  append(el, children);
  return el;
}

/**
 * Set `attrs` on `el` as h() does.
 * @template {import("./types.js").El} E
 * @param {E} el
 * @param {import("./types.js").Attrs | null | undefined} attrs
 * @returns {E}
 */
export function applyAttrs(el, attrs) {
  if (!attrs) return el;
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "class") {
      el.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    } else if (key === "style" && typeof value === "object") {
      // Through the CSSOM, which the CSP allows (a style attribute string it blocks);
      // custom properties ("--n") need setProperty.
      for (const [name, v] of Object.entries(value)) {
        if (name.startsWith("--")) el.style.setProperty(name, v);
        else el.style[name] = v;
      }
    } else if (key === "value" && "value" in el) {
      el.value = value;
    } else if (key === "checked" || key === "selected" || key === "disabled") {
      el[key] = Boolean(value);
      if (value) el.setAttribute(key, "");
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  return el;
}

/**
 * Append `children` (nested lists, text, nodes; null, undefined and false skipped).
 * @template {Element} E
 * @param {E} el
 * @param {import("./types.js").Child[]} children
 * @returns {E}
 */
export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/**
 * Remove every child of `el`.
 * @template {Node} E
 * @param {E} el
 * @returns {E}
 */
export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/**
 * Replace all children of `el`.
 * @template {Element} E
 * @param {E} el
 * @param {...import("./types.js").Child} children
 * @returns {E}
 */
export function replace(el, ...children) {
  clear(el);
  return append(el, children);
}

/**
 * Run `fn` when Enter or Space is pressed on an element acting as a button.
 * @param {import("./types.js").El} el
 * @param {(e: Event) => void} fn
 */
export function onActivate(el, fn) {
  el.addEventListener("click", fn);
  el.addEventListener("keydown", (e) => {
    const key = /** @type {KeyboardEvent} */ (e).key;
    if (key === "Enter" || key === " ") {
      e.preventDefault();
      fn(e);
    }
  });
}

/**
 * Briefly shake an element (a refused move).
 * @param {Element | null | undefined} el
 */
export function shake(el) {
  if (!el) return;
  el.classList.remove("shake");
  // Force a reflow so the animation restarts when shaken twice in a row.
  void el.getBoundingClientRect();
  el.classList.add("shake");
  setTimeout(() => el.classList.remove("shake"), 450);
}

/** @type {number | undefined} */
let toastTimer;
/**
 * A short message at the bottom of the screen; `kind` is "info" or "error".
 * @param {string} text
 * @param {"info" | "error"} [kind]
 */
export function toast(text, kind = "info") {
  let el = document.getElementById("toast");
  if (!el) {
    el = h("div", { id: "toast", class: "toast", role: "status", "data-testid": "toast" });
    document.body.append(el);
  }
  el.textContent = text;
  el.className = `toast show ${kind}`;
  // A refusal is read out at once; a confirmation waits its turn.
  el.setAttribute("role", kind === "error" ? "alert" : "status");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove("show"), kind === "error" ? 4000 : 2500);
}

/**
 * Whether the user asked for less motion.
 * @returns {boolean}
 */
export function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Copy text to the clipboard, with a fallback for pages that are not a secure context.
 * @param {string} text
 * @returns {Promise<boolean>}
 */
export async function copyText(text) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the old way
  }
  const area = h("textarea", { style: { position: "fixed", opacity: "0" }, readonly: true });
  area.value = text;
  document.body.append(area);
  area.select();
  let ok;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

/**
 * Run `render` (which replaces what `container` holds) and put the focus back on the
 * element with the same data-testid, if the focus was inside: a select that redraws its own
 * row on change (ArrowDown on a closed select changes it) keeps the keyboard where it was.
 * @param {Element} container
 * @param {() => void} render
 */
export function keepFocus(container, render) {
  const active = document.activeElement;
  const testid = active && container.contains(active) ? active.getAttribute("data-testid") : null;
  render();
  if (!testid) return;
  const again = /** @type {HTMLElement | null} */ (container.querySelector(`[data-testid="${CSS.escape(testid)}"]`));
  if (again && again !== document.activeElement) again.focus();
}
